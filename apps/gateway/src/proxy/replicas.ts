/** How long a replica that refused a connection is left out of turn. */
export const EJECTION_MS = 5_000;

/**
 * Failures in a row (no answer in time, a connection refused or broken) after which a replica's
 * circuit opens: no request goes to it until a probe of its `/health` is answered.
 */
export const CIRCUIT_FAILURES = 3;

/** A replica's circuit: closed (requests go to it), or open (none do, until it answers again). */
export type CircuitState = 'closed' | 'open';

/**
 * The replicas of one service (`TIMELINE_URL=http://a:3002,http://b:3002`), taken in turn.
 * One that refuses a connection is left out of turn for `EJECTION_MS` (Envoy's passive outlier
 * detection, at its simplest), so that a replica that died costs one retried request, not
 * one in every few; it comes back by itself, and a request to it that fails again puts it out
 * again. When every replica is out, requests go to them in turn all the same: a refusal costs
 * little, and which one is back first cannot be known. Behind one URL (Kubernetes' Service, or
 * compose's DNS name) this is one replica and the platform picks the pod.
 *
 * Each replica also has a circuit breaker: after `CIRCUIT_FAILURES` failures in a row (a hung
 * replica's timeouts above all, which cost a client the whole upstream timeout each) its circuit
 * opens and no request goes to it, so that requests for a service whose every replica is open are
 * answered at once; the gateway probes it (`Upstreams`) and closes the circuit when it answers.
 */
export class Replicas {
  private turn = 0;
  /** For each replica, until when it is out of turn (0: in turn). */
  private readonly outUntil: number[];
  /** For each replica, its failures in a row (reset by any answer). */
  private readonly failures: number[];
  /** For each replica, whether its circuit is open. */
  private readonly open: boolean[];

  constructor(
    readonly origins: readonly string[],
    private readonly ejectionMs = EJECTION_MS,
    private readonly now: () => number = Date.now,
    private readonly circuitFailures = CIRCUIT_FAILURES,
  ) {
    if (origins.length === 0) throw new Error('A service needs at least one replica');
    this.outUntil = origins.map(() => 0);
    this.failures = origins.map(() => 0);
    this.open = origins.map(() => false);
  }

  /**
   * The replica for a new request: the next in turn that is not out (index into `origins`); null
   * when every replica's circuit is open (the request is answered at once).
   */
  pick(): number | null {
    const chosen = this.nextInTurn(this.turn, -1);
    if (chosen === null) return null;
    // The one after it is next, so that the replicas in turn share the load evenly.
    this.turn = (chosen + 1) % this.origins.length;
    return chosen;
  }

  /**
   * The replica to try a request again on: the next after `tried` that is not out, else the next
   * after it whose circuit is closed, else one whose circuit is open (a retry follows a connection
   * that failed at once, and gets only what is left of the timeout: a replica back from a restart
   * is worth it before its probe has said so); a single replica: itself again, over a new
   * connection, unless its circuit is open (null).
   */
  other(tried: number): number | null {
    const count = this.origins.length;
    if (count === 1) return this.open[0] ? null : 0;
    return this.nextInTurn((tried + 1) % count, tried) ?? (tried + 1) % count;
  }

  /** A connection to the replica was refused: out of turn for a while. */
  refused(index: number): void {
    this.outUntil[index] = this.now() + this.ejectionMs;
  }

  /**
   * A request to the replica failed (no answer in time, a connection refused or broken): true
   * when that opened its circuit (the caller then probes it until it answers: `closeCircuit`).
   */
  failed(index: number): boolean {
    this.failures[index] = (this.failures[index] ?? 0) + 1;
    if (this.open[index] || (this.failures[index] ?? 0) < this.circuitFailures) return false;
    this.open[index] = true;
    return true;
  }

  /**
   * The replica answered (whatever the status): its failures start again from none, and its
   * circuit, if open (a retry found it back), closes.
   */
  answered(index: number): void {
    this.failures[index] = 0;
    this.open[index] = false;
  }

  /** A probe was answered: requests go to the replica again. */
  closeCircuit(index: number): void {
    this.open[index] = false;
    this.failures[index] = 0;
    this.outUntil[index] = 0;
  }

  circuitOf(index: number): CircuitState {
    return this.open[index] ? 'open' : 'closed';
  }

  /** How many replicas are in turn now (for the metrics). */
  inTurn(): number {
    const now = this.now();
    return this.origins.filter((_, index) => this.isInTurn(index, now)).length;
  }

  /** How many replicas' circuits are open (for the metrics). */
  openCircuits(): number {
    return this.open.filter(Boolean).length;
  }

  private isInTurn(index: number, now: number): boolean {
    return !this.open[index] && (this.outUntil[index] ?? 0) <= now;
  }

  /**
   * From `first` on, the first replica in turn other than `skip`; else the first other than it
   * whose circuit is closed (every replica out: which one is back first cannot be known); null
   * when there is none.
   */
  private nextInTurn(first: number, skip: number): number | null {
    const count = this.origins.length;
    const now = this.now();
    if (count === 1) return this.open[0] ? null : 0;
    for (let step = 0; step < count; step += 1) {
      const index = (first + step) % count;
      if (index !== skip && this.isInTurn(index, now)) return index;
    }
    for (let step = 0; step < count; step += 1) {
      const index = (first + step) % count;
      if (index !== skip && !this.open[index]) return index;
    }
    return null;
  }
}
