/**
 * The open-loop generator by hand: prints one Markdown row (with its header) to stdout and the
 * counts behind it to stderr.
 *
 *   URL=http://127.0.0.1:3000/api/tweets RATE=1000 DURATION=10 HEADER='cookie: wave_session=…' \
 *   SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register infra/bench/load/open-loop.cli.ts
 *
 * Optional: WARMUP (seconds, default 2), CONNECTIONS (default 512), TIMEOUT_MS (default 5000),
 * METHOD (default GET), LABEL (default the URL's path).
 */
import { formatOpenLoopRow, OPEN_LOOP_TABLE_HEADER, openLoop } from './open-loop';

function env(name: string, fallback?: string): string {
  const value = process.env[name] ?? fallback;
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
}

function header(line: string | undefined): Record<string, string> {
  if (!line) return {};
  const colon = line.indexOf(':');
  if (colon <= 0) throw new Error('HEADER must be "name: value"');
  return { [line.slice(0, colon).trim().toLowerCase()]: line.slice(colon + 1).trim() };
}

async function main(): Promise<void> {
  const url = env('URL');
  const headers = header(process.env['HEADER']);
  const result = await openLoop({
    url,
    rate: Number(env('RATE')),
    durationSeconds: Number(env('DURATION')),
    warmupSeconds: Number(env('WARMUP', '2')),
    connections: Number(env('CONNECTIONS', '512')),
    timeoutMs: Number(env('TIMEOUT_MS', '5000')),
    method: env('METHOD', 'GET'),
    headersFor: () => headers,
  });
  const label = process.env['LABEL'] || new URL(url).pathname;
  process.stdout.write(`${OPEN_LOOP_TABLE_HEADER}\n${formatOpenLoopRow(label, result)}\n`);
  const lag = result.sendLag;
  process.stderr.write(
    `scheduled ${result.scheduled}, sent ${result.sent}, ok ${result.ok}, non-2xx ${result.non2xx}, ` +
      `errors ${result.errors}, dropped ${result.dropped}; ` +
      `send lag p99 ${lag.p99.toFixed(2)} ms, max ${lag.max.toFixed(2)} ms` +
      (result.firstError ? `; first error: ${result.firstError}` : '') +
      '\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
