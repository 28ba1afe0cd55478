import type { Recommendation } from '@wave/contracts';

/** A recommendation as ranked: what the API returns, and the features it was scored on. */
export interface RankedItem extends Recommendation {
  features: number[];
  /** Posts: their author, so that a follow of the author takes the post out too. */
  authorId?: string;
}
