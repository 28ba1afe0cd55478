import { Injectable } from '@nestjs/common';
import { FEATURE_NAMES, STARTING_WEIGHTS } from './features';
import { ModelsRepository } from './models.repository';

/** How long a replica keeps the model it read before asking for a newer one. */
const MODEL_REFRESH_MS = 60_000;

/**
 * The ranker's weights in use: the newest trained model whose features are today's, else the
 * starting weights. Read at most once a minute per replica.
 */
@Injectable()
export class ModelService {
  private cached: { weights: number[]; version: number | null; readAt: number } | null = null;

  constructor(private readonly models: ModelsRepository) {}

  async current(now = Date.now()): Promise<{ weights: number[]; version: number | null }> {
    if (this.cached && now - this.cached.readAt < MODEL_REFRESH_MS) return this.cached;
    const latest = await this.models.latest();
    const usable =
      latest !== null &&
      latest.featureNames.length === FEATURE_NAMES.length &&
      latest.featureNames.every((name, i) => name === FEATURE_NAMES[i]);
    this.cached = usable
      ? { weights: latest.weights.map(Number), version: latest.id, readAt: now }
      : {
          weights: FEATURE_NAMES.map((name) => STARTING_WEIGHTS[name]),
          version: null,
          readAt: now,
        };
    return this.cached;
  }

  /** Forgets the model read, so the next ranking reads the newest (after training). */
  forget(): void {
    this.cached = null;
  }
}
