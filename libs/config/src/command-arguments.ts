import type { ParseArgsConfig } from 'node:util';
import { parseArgs } from 'node:util';
import { z } from 'zod';

/** A command's bad arguments: printed as its message alone, with the usage (runServiceCommands). */
export const usageError = (message: string, usage: string): Error => {
  const error = new Error(`${message}\n${usage}`);
  error.name = 'UsageError';
  return error;
};

/** A whole number option (`--page-size`), 1 to `max`, with messages naming it. */
export const wholeNumberOption = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(1, { error: `${name} must be at least 1` })
    .max(max, { error: `${name} must be at most ${max}` });

/**
 * A command's options (the words after it, `--name value` and flags only), read with Node's
 * parseArgs and checked with `schema` (whose keys are the options' names in camelCase); anything
 * else, or a value the schema refuses, is a usage error naming the problem.
 */
export function parseCommandOptions<T extends z.ZodType>(
  args: string[],
  options: NonNullable<ParseArgsConfig['options']>,
  schema: T,
  usage: string,
): z.infer<T> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error), usage);
  }
  const camel = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
  const parsed = schema.safeParse(camel);
  if (!parsed.success) {
    throw usageError(parsed.error.issues.map((issue) => issue.message).join('; '), usage);
  }
  return parsed.data;
}
