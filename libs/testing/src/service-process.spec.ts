import { createServer } from 'node:net';
import { UNSTORABLE_TEXT_LOG_PREFIX } from '@wave/contracts';
import { freePort, isErrorLine } from './service-process';

describe('freePort', () => {
  const worker = process.env['JEST_WORKER_ID'];
  afterEach(() => {
    process.env['JEST_WORKER_ID'] = worker;
  });

  it('hands each Jest worker ports from its own block, below the ephemeral range', async () => {
    process.env['JEST_WORKER_ID'] = '3';
    const third = [await freePort(), await freePort()];
    process.env['JEST_WORKER_ID'] = '4';
    const fourth = await freePort();
    for (const port of third) expect(port).toBeGreaterThanOrEqual(23_000);
    for (const port of third) expect(port).toBeLessThan(24_000);
    expect(fourth).toBeGreaterThanOrEqual(24_000);
    expect(fourth).toBeLessThan(25_000);
    expect(third[0]).not.toBe(third[1]);
  });

  it('skips a port something already listens on', async () => {
    process.env['JEST_WORKER_ID'] = '5';
    const taken = await freePort();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(taken + 1, '127.0.0.1', resolve));
    try {
      const next = await freePort();
      expect(next).not.toBe(taken + 1);
      expect(next).toBeGreaterThanOrEqual(25_000);
      expect(next).toBeLessThan(26_000);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe(isErrorLine.name, () => {
  it.each([
    ['{"level":50,"msg":"boom"}', true],
    ['{"level":60,"msg":"fatal"}', true],
    ['{"level":40,"msg":"slow"}', false],
    ['{"level":30,"msg":"request completed"}', false],
    ['TypeError: Cannot read properties of undefined', true],
    ['Unhandled promise rejection', true],
    ['    at Object.<anonymous> (/app/main.js:10:5)', true],
    ['(node:12) ExperimentalWarning: something', false],
    ['', false],
    ['{not json', false],
    // The error filter's warning that a contract let unstorable text through.
    [`{"level":40,"msg":"${UNSTORABLE_TEXT_LOG_PREFIX}: invalid byte sequence"}`, true],
    [`{"level":40,"message":"${UNSTORABLE_TEXT_LOG_PREFIX}: invalid byte sequence"}`, true],
  ])('%p is an error line: %p', (line, expected) => {
    expect(isErrorLine(line)).toBe(expected);
  });
});
