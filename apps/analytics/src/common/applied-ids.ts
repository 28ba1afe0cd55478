import type { EntityManager } from 'typeorm';
import { returnedRows } from '@wave/database';

/**
 * Records that events (`applied_events`) or batches of views (`applied_batches`) are being
 * applied, in the caller's transaction, in one statement: returns the ids applied before by
 * none, in lower case as PostgreSQL writes a uuid (a redelivery is not among them, and the
 * caller writes nothing for it).
 */
export async function claimAppliedIds(
  manager: EntityManager,
  kind: 'event' | 'batch',
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = returnedRows<{ id: string }>(
    await manager.query(
      kind === 'event'
        ? `INSERT INTO applied_events (event_id) SELECT DISTINCT unnest($1::uuid[])
           ON CONFLICT DO NOTHING RETURNING event_id AS id`
        : `INSERT INTO applied_batches (batch_id) SELECT DISTINCT unnest($1::uuid[])
           ON CONFLICT DO NOTHING RETURNING batch_id AS id`,
      [ids],
    ),
  );
  return new Set(rows.map((row) => row.id));
}

/** `claimAppliedIds` for one id: false when it was applied before. */
export async function claimApplied(
  manager: EntityManager,
  kind: 'event' | 'batch',
  id: string,
): Promise<boolean> {
  return (await claimAppliedIds(manager, kind, [id])).has(id.toLowerCase());
}
