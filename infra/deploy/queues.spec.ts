import { QUEUE_NAMES, QUEUES } from '@wave/contracts';
import { filesUnder, readText } from './workspace';

/** The services' and libraries' own code (not tests). */
const sources = [...filesUnder('apps'), ...filesUnder('libs')]
  .filter((path) => /\/src\/.*\.ts$/.test(path) && !path.endsWith('.spec.ts'))
  .map((path) => ({ path, text: readText(path) }));

/** `export const NAME = 'value' satisfies QueueName;` anywhere: the queue names' constants. */
const constants = new Map(
  sources.flatMap(({ text }) =>
    [...text.matchAll(/export const ([A-Z_]+) = '([^']+)' satisfies QueueName;/g)].map(
      (match) => [match[1]!, match[2]!] as const,
    ),
  ),
);

/** Whether a match is on a comment line (`//`, `/*`, a doc comment's `*`): an example, not code. */
const inComment = (text: string, index: number): boolean =>
  /^\s*(\/\/|\/?\*)/.test(text.slice(text.lastIndexOf('\n', index) + 1, index));

/** Every `new Queue(…)` and `new Worker(…)`: the file and the expression naming the queue. */
const opened = sources.flatMap(({ path, text }) =>
  [...text.matchAll(/new (Queue|Worker)\(\s*([^,]+?),/g)]
    .filter((match) => !inComment(text, match.index))
    .map((match) => ({
      path,
      kind: match[1]!,
      name: match[2]!.trim(),
    })),
);

describe('the queues (QUEUES in libs/contracts)', () => {
  it('are the only queues opened: by a named constant of the record, or as an event queue', () => {
    expect(opened.length).toBeGreaterThan(10);
    for (const { path, kind, name } of opened) {
      const known =
        name.startsWith('eventQueueName(') ||
        // The metrics watch the record's own names.
        (path === 'libs/metrics/src/queue-metrics.ts' && name === 'name') ||
        (QUEUE_NAMES as readonly string[]).includes(constants.get(name) ?? '');
      expect({ path, kind, name, known }).toEqual({ path, kind, name, known: true });
    }
  });

  it('each have a worker in the service that consumes them', () => {
    const workers = new Set(
      opened
        .filter(({ kind }) => kind === 'Worker')
        .flatMap(({ path, name }) => {
          const service = /^apps\/([^/]+)\//.exec(path)?.[1];
          const queue = constants.get(name);
          return queue && service ? [`${service} ${queue}`] : [];
        }),
    );
    for (const name of QUEUE_NAMES) {
      const { consumer } = QUEUES[name];
      // Event queues are consumed by each service's EventSubscriber (libs/messaging).
      if (name === `${consumer}-events`) {
        const subscriber = sources.some(
          ({ path, text }) =>
            path.startsWith(`apps/${consumer}/src/`) &&
            text.includes(`extends EventSubscriber<'${consumer}'>`),
        );
        expect({ name, subscriber }).toEqual({ name, subscriber: true });
      } else {
        expect({ name, worker: workers.has(`${consumer} ${name}`) }).toEqual({
          name,
          worker: true,
        });
      }
    }
  });
});
