import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { SupervisorOptions } from './supervisor.mjs';
import { Supervisor } from './supervisor.mjs';

/** A node process running `script`. */
const node = (script: string): ChildProcess =>
  spawn(process.execPath, ['-e', script], { stdio: 'ignore' });

/** Resolves once `condition` holds (polled), or fails after 10 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Supervisor', () => {
  const lines: string[] = [];
  let sut: Supervisor;

  const supervise = (options: Partial<SupervisorOptions> = {}) => {
    lines.length = 0;
    sut = new Supervisor({
      log: (line: string) => lines.push(line),
      initialDelayMs: 20,
      maxDelayMs: 80,
      killAfterMs: 2_000,
      ...options,
    });
    return sut;
  };

  afterEach(() => sut?.stop());

  it('starts a process that exits again, after a backoff that doubles up to its cap, and says so', async () => {
    const starts: number[] = [];
    supervise().add(
      'search',
      () => node('process.exit(3)'),
      () => starts.push(Date.now()),
    );
    await until(() => sut.restartsOf('search') >= 4, 'four restarts');
    expect(lines.slice(0, 4)).toEqual([
      'search exited (exit code 3); starting it again in 20 ms (restart 1)',
      'search exited (exit code 3); starting it again in 40 ms (restart 2)',
      'search exited (exit code 3); starting it again in 80 ms (restart 3)',
      'search exited (exit code 3); starting it again in 80 ms (restart 4)',
    ]);
    // Each start came no sooner than its delay after the one before (the exit takes some time too).
    const gaps = starts.slice(1, 4).map((at, i) => at - starts[i]!);
    expect(gaps.map((gap, i) => gap >= [20, 40, 80][i]!)).toEqual([true, true, true]);
  });

  it('starts a killed process again, and the others run on', async () => {
    supervise();
    sut.add('timeline', () => node('setInterval(() => {}, 1000)'));
    sut.add('identity', () => node('setInterval(() => {}, 1000)'));
    await until(() => sut.childOf('timeline')?.pid !== undefined, 'timeline');
    const first = sut.childOf('timeline')!;
    const identity = sut.childOf('identity');
    first.kill('SIGKILL');
    await until(
      () => sut.restartsOf('timeline') === 1 && sut.childOf('timeline') !== null,
      'the restart',
    );
    expect(sut.childOf('timeline')).not.toBe(first);
    expect(lines).toEqual([
      'timeline exited (killed by SIGKILL); starting it again in 20 ms (restart 1)',
    ]);
    expect(sut.childOf('identity')).toBe(identity);
  });

  it('goes back to the first delay once a process has run long enough', async () => {
    let runs = 0;
    supervise({ stableAfterMs: 1_000 }).add('media', () => {
      runs += 1;
      // Two quick exits, then one after running past `stableAfterMs`, then quick again.
      return node(runs === 3 ? 'setTimeout(() => process.exit(1), 1500)' : 'process.exit(1)');
    });
    await until(() => sut.restartsOf('media') >= 4, 'four restarts');
    expect(lines.slice(0, 4).map((line) => line.replace(/.*again in /, ''))).toEqual([
      '20 ms (restart 1)',
      '40 ms (restart 2)',
      '20 ms (restart 3)',
      '40 ms (restart 4)',
    ]);
  });

  it('stops every process, ends one that ignores SIGTERM with SIGKILL, and starts nothing again', async () => {
    supervise({ killAfterMs: 200 });
    sut.add('gateway', () => node('setInterval(() => {}, 1000)'));
    let ready = false;
    sut.add(
      'stubborn',
      () =>
        spawn(
          process.execPath,
          [
            '-e',
            "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)",
          ],
          { stdio: ['ignore', 'pipe', 'ignore'] },
        ),
      // Its SIGTERM handler is in place once it says so.
      (child: ChildProcess) => child.stdout?.once('data', () => (ready = true)),
    );
    await until(() => sut.children().length === 2 && ready, 'both, the stubborn one ready');
    const [gateway, stubborn] = [sut.childOf('gateway')!, sut.childOf('stubborn')!];
    await sut.stop();
    expect([gateway.signalCode, stubborn.signalCode]).toEqual(['SIGTERM', 'SIGKILL']);
    expect(sut.children()).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('says so when a command cannot be run at all, and tries again', async () => {
    supervise().add('web', () => spawn('/nonexistent/wave-command', [], { stdio: 'ignore' }));
    await until(() => sut.restartsOf('web') >= 2, 'two tries');
    expect(lines[0]).toMatch(
      /^web could not start \(spawn \/nonexistent\/wave-command ENOENT\); starting it again in 20 ms \(restart 1\)$/,
    );
  });
});
