import { describeReplay, parseReplayArguments } from './replay-command';

describe(parseReplayArguments.name, () => {
  it('reads the consumer, and the page size, the pages and --fresh with their defaults', () => {
    expect(parseReplayArguments(['--to', 'search'])).toEqual({
      to: 'search',
      fresh: false,
      pageSize: 500,
      maxPages: null,
    });
    expect(
      parseReplayArguments([
        '--to',
        'timeline',
        '--fresh',
        '--page-size',
        '50',
        '--max-pages',
        '3',
      ]),
    ).toEqual({ to: 'timeline', fresh: true, pageSize: 50, maxPages: 3 });
  });

  it('refuses a missing or unknown consumer, a bad number and an unknown option, with the usage', () => {
    const usage = /\nusage: replay --to timeline\|communities\|search/;
    for (const args of [
      [],
      ['--to', 'analytics'],
      ['--to', 'search', '--page-size', '0'],
      ['--to', 'search', '--page-size', '5001'],
      ['--to', 'search', '--max-pages', 'many'],
      ['--to', 'search', '--everything'],
      ['--to', 'search', 'extra'],
    ]) {
      expect(() => parseReplayArguments(args)).toThrow(usage);
    }
    expect(() => parseReplayArguments(['--to', 'analytics'])).toThrow(
      '--to must be one of timeline, communities, search (the projections a replay rebuilds)',
    );
  });
});

describe(describeReplay.name, () => {
  it('says what was sent and what is left, and fails when another replay runs', () => {
    const sources = [
      { source: 'users', events: 4, finished: true },
      { source: 'follows', events: 1, finished: true },
    ];
    expect(describeReplay({ status: 'finished', sources })).toBe(
      'replayed 4 events of users, 1 events of follows',
    );
    expect(describeReplay({ status: 'finished', sources: [] })).toBe(
      'replayed nothing (the consumer takes none of these events)',
    );
    expect(describeReplay({ status: 'paused', sources: [sources[0]!] })).toBe(
      'paused after 4 events of users: run it again to go on',
    );
    expect(() => describeReplay({ status: 'busy', sources: [] })).toThrow(
      'another replay of these rows to this consumer is running',
    );
  });
});
