// Keeps the processes `npm start` (and the chaos runner) runs alive, as an orchestrator would:
// one that exits on its own is started again after a backoff, and the log says so. One crashed
// service does not take the others down.

const describeExit = (code, signal) => (signal ? `killed by ${signal}` : `exit code ${code}`);

/**
 * Supervises named processes. `add(name, start)` runs `start()` (which spawns and returns a
 * ChildProcess) and again whenever that process exits while the supervisor is not stopping:
 * after `initialDelayMs`, doubling with each quick exit up to `maxDelayMs`, and back to the
 * first delay once a process has run `stableAfterMs` (a crash a day later is not a crash loop).
 * `stop()` sends SIGTERM to every process, SIGKILL to those still running `killAfterMs` later,
 * and resolves once all have exited; nothing is restarted after it is called.
 */
export class Supervisor {
  #log;
  #initialDelayMs;
  #maxDelayMs;
  #stableAfterMs;
  #killAfterMs;
  #entries = new Map();
  #stopping = false;

  constructor({
    log,
    initialDelayMs = 1_000,
    maxDelayMs = 30_000,
    stableAfterMs = 60_000,
    killAfterMs = 8_000,
  }) {
    this.#log = log;
    this.#initialDelayMs = initialDelayMs;
    this.#maxDelayMs = maxDelayMs;
    this.#stableAfterMs = stableAfterMs;
    this.#killAfterMs = killAfterMs;
  }

  /** Starts a process and keeps it running; `onStart(child)` runs at every start. */
  add(name, start, onStart = () => undefined) {
    if (this.#entries.has(name)) throw new Error(`${name} is supervised already`);
    const entry = {
      name,
      start,
      onStart,
      child: null,
      startedAt: 0,
      delayMs: this.#initialDelayMs,
      restarts: 0,
      timer: null,
    };
    this.#entries.set(name, entry);
    this.#launch(entry);
  }

  /** How many times the process was started again after exiting. */
  restartsOf(name) {
    return this.#entries.get(name)?.restarts ?? 0;
  }

  /** The running process of that name, if one is running. */
  childOf(name) {
    const child = this.#entries.get(name)?.child;
    return child && child.exitCode === null && child.signalCode === null ? child : null;
  }

  /** Every running process (to kill them when the supervisor's own process goes). */
  children() {
    return [...this.#entries.keys()].map((name) => this.childOf(name)).filter(Boolean);
  }

  get stopping() {
    return this.#stopping;
  }

  async stop() {
    this.#stopping = true;
    await Promise.all(
      [...this.#entries.values()].map((entry) => {
        if (entry.timer) clearTimeout(entry.timer);
        entry.timer = null;
        const child = this.childOf(entry.name);
        if (!child) return undefined;
        return new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), this.#killAfterMs).unref();
        });
      }),
    );
  }

  #launch(entry) {
    entry.timer = null;
    if (this.#stopping) return;
    const child = entry.start();
    entry.child = child;
    entry.startedAt = Date.now();
    entry.onStart(child);
    child.once('exit', (code, signal) => this.#exited(entry, child, code, signal));
    // A command that cannot be run at all (not found) fails with 'error' and no 'exit'.
    child.once('error', (error) => {
      if (child.pid === undefined) this.#exited(entry, child, null, null, error);
    });
  }

  #exited(entry, child, code, signal, error) {
    if (entry.child !== child || this.#stopping) return;
    entry.child = null;
    if (Date.now() - entry.startedAt >= this.#stableAfterMs) entry.delayMs = this.#initialDelayMs;
    const delayMs = entry.delayMs;
    entry.delayMs = Math.min(entry.delayMs * 2, this.#maxDelayMs);
    entry.restarts += 1;
    const why = error
      ? `could not start (${error.message})`
      : `exited (${describeExit(code, signal)})`;
    this.#log(
      `${entry.name} ${why}; starting it again in ${formatDelay(delayMs)} (restart ${entry.restarts})`,
    );
    entry.timer = setTimeout(() => this.#launch(entry), delayMs);
  }
}

const formatDelay = (ms) =>
  ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(ms % 1_000 ? 1 : 0)} s`;
