import type { EntityManager } from 'typeorm';

/**
 * Records that an event (`applied_events`) or a batch of views (`applied_batches`) is being
 * applied, in the caller's transaction: false when it was applied before (a redelivery), and
 * then the caller writes nothing.
 */
export async function claimApplied(
  manager: EntityManager,
  kind: 'event' | 'batch',
  id: string,
): Promise<boolean> {
  const claimed: unknown[] = await manager.query(
    kind === 'event'
      ? `INSERT INTO applied_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1`
      : `INSERT INTO applied_batches (batch_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1`,
    [id],
  );
  return claimed.length > 0;
}
