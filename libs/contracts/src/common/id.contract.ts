import { z } from 'zod';

/** Identifiers are UUIDs (version 7, time-ordered, for new rows). */
export const idSchema = (label: string) => z.uuid({ error: `${label} must be a valid id` });

export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
