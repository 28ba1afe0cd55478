/** How long a replica that refused a connection is left out of turn. */
export const EJECTION_MS = 5_000;

/**
 * The replicas of one service (`TIMELINE_URL=http://a:3002,http://b:3002`), taken in turn.
 * One that refuses a connection is left out of turn for `EJECTION_MS` (Envoy's passive outlier
 * detection, at its simplest), so that a replica that died costs one retried request, not
 * one in every few; it comes back by itself, and a request to it that fails again puts it out
 * again. When every replica is out, requests go to them in turn all the same: a refusal costs
 * little, and which one is back first cannot be known. Behind one URL (Kubernetes' Service, or
 * compose's DNS name) this is one replica and the platform picks the pod.
 */
export class Replicas {
  private turn = 0;
  /** For each replica, until when it is out of turn (0: in turn). */
  private readonly outUntil: number[];

  constructor(
    readonly origins: readonly string[],
    private readonly ejectionMs = EJECTION_MS,
    private readonly now: () => number = Date.now,
  ) {
    if (origins.length === 0) throw new Error('A service needs at least one replica');
    this.outUntil = origins.map(() => 0);
  }

  /** The replica for a new request: the next in turn that is not out (index into `origins`). */
  pick(): number {
    const chosen = this.nextInTurn(this.turn, -1);
    // The one after it is next, so that the replicas in turn share the load evenly.
    this.turn = (chosen + 1) % this.origins.length;
    return chosen;
  }

  /**
   * The replica to try a request again on: the next after `tried` that is not out, else the next
   * after it (a single replica: itself again, over a new connection).
   */
  other(tried: number): number {
    return this.nextInTurn((tried + 1) % this.origins.length, tried);
  }

  /** A connection to the replica was refused: out of turn for a while. */
  refused(index: number): void {
    this.outUntil[index] = this.now() + this.ejectionMs;
  }

  /** How many replicas are in turn now (for the metrics). */
  inTurn(): number {
    const now = this.now();
    return this.outUntil.filter((until) => until <= now).length;
  }

  /** From `first` on, the first replica in turn other than `skip`; else the first other than it. */
  private nextInTurn(first: number, skip: number): number {
    const count = this.origins.length;
    if (count === 1) return 0;
    const now = this.now();
    for (let step = 0; step < count; step += 1) {
      const index = (first + step) % count;
      if (index !== skip && (this.outUntil[index] ?? 0) <= now) return index;
    }
    return first === skip ? (first + 1) % count : first;
  }
}
