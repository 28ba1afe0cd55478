export type ServiceCommand = () => Promise<string | void>;

/** Errors whose message says it all (a bad setting, a wrong command): no stack. */
const PLAIN_ERRORS = new Set(['ConfigError', 'UsageError']);

const describeError = (error: unknown): string =>
  error instanceof Error && PLAIN_ERRORS.has(error.name)
    ? error.message
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error);

/**
 * The entry point of a service bundle: `node main.js [command]`, `serve` by
 * default. `commands` builds the commands (reading the configuration, which
 * may be refused); a command may return a line to print. Any failure is
 * printed and exits with 1.
 */
export function runServiceCommands(
  service: string,
  commands: () => Record<string, ServiceCommand>,
): void {
  const fail = (error: unknown) => {
    process.stderr.write(`${service}: ${describeError(error)}\n`);
    process.exit(1);
  };
  try {
    const all = commands();
    const name = process.argv[2] ?? 'serve';
    const command = all[name];
    if (!command) {
      const usage = new Error(`Unknown command "${name}": use ${Object.keys(all).join(', ')}`);
      usage.name = 'UsageError';
      throw usage;
    }
    command().then((message) => {
      if (message) process.stdout.write(`${service}: ${message}\n`);
    }, fail);
  } catch (error) {
    fail(error);
  }
}

/** What `migrate` prints. */
export const describeMigrationRun = (ran: string[]): string =>
  ran.length === 0 ? 'schema up to date' : `ran ${ran.join(', ')}`;
