import type { DemoSizeName } from './generate';
import { DEMO_SIZE_NAMES } from './generate';

export interface SeedOptions {
  size: DemoSizeName;
  /**
   * Where the dataset's thirty days end: now by default. The seeds of one run
   * share it (`--now`), so that every service generates the very same dates.
   */
  now?: Date;
  /** Told about progress through long steps (nothing for short ones). */
  progress?: SeedProgress;
}

/** Lines such as `posts 1200/6000`, for a seed that takes a while. */
export type SeedProgress = (line: string) => void;

/** A plain message, no stack (as a bad argument deserves). */
class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The seed command's arguments: `seed [--size default|large] [--now <ISO time>]`. */
export function parseSeedArguments(
  args: readonly string[],
): Required<Omit<SeedOptions, 'progress'>> {
  const options: Required<Omit<SeedOptions, 'progress'>> = { size: 'default', now: new Date() };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const [name = '', inline] = arg.startsWith('--') ? arg.split(/=(.*)/s) : [arg];
    const value = inline ?? args[(index += 1)];
    if (value === undefined || (name !== '--size' && name !== '--now')) {
      throw new UsageError(`Unknown seed argument "${arg}": use --size and --now`);
    }
    if (name === '--size') {
      if (!(DEMO_SIZE_NAMES as string[]).includes(value)) {
        throw new UsageError(`Unknown size "${value}": use ${DEMO_SIZE_NAMES.join(' or ')}`);
      }
      options.size = value as DemoSizeName;
    } else {
      const now = new Date(value);
      if (!/^\d{4}-\d\d-\d\dT/.test(value) || Number.isNaN(now.getTime()) || now > new Date()) {
        throw new UsageError(`--now takes an ISO time that is not in the future, not "${value}"`);
      }
      options.now = now;
    }
  }
  return options;
}

/** Progress lines on stdout, prefixed with the service: for the large seed (the default is quick). */
export const progressFor = (service: string, size: DemoSizeName): SeedProgress | undefined =>
  size === 'large' ? (line) => process.stdout.write(`${service}: ${line}\n`) : undefined;

/**
 * A service's `seed` command options from its arguments (those after `seed`), telling progress
 * on stdout for the large seed.
 */
export function seedCommandOptions(service: string, args: readonly string[]): SeedOptions {
  const options = parseSeedArguments(args);
  return { ...options, progress: progressFor(service, options.size) };
}

/**
 * The posts' indexes by depth: the top-level posts, then the replies to them, then the replies
 * to those, each in the posts' (time) order.
 */
export function roundsByDepth(posts: readonly { parent: number | null }[]): number[][] {
  const depths: number[] = [];
  const rounds: number[][] = [];
  posts.forEach((post, index) => {
    // A parent comes earlier in time, so its depth is known.
    const depth = post.parent === null ? 0 : (depths[post.parent] ?? 0) + 1;
    depths[index] = depth;
    (rounds[depth] ??= []).push(index);
  });
  return rounds;
}

/** The items in runs of `size` (the last one shorter): a seed's writes of many at a time. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

/** Steps with fewer items than this say nothing while they run. */
const QUIET_BELOW = 500;

/**
 * Runs `work` on every item, `concurrency` at a time (in order within each
 * lane), and reports `label done/total` about every tenth of a long step; with
 * `sizeOf`, an item counts as that many (a batch of fifty posts as fifty).
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
  report?: { label: string; progress?: SeedProgress; sizeOf?: (item: T) => number },
): Promise<void> {
  const sizeOf = report?.sizeOf ?? (() => 1);
  const total = items.reduce((sum, item) => sum + sizeOf(item), 0);
  let next = 0;
  let done = 0;
  const step = Math.max(1, Math.ceil(total / 10));
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      const item = items[index] as T;
      await work(item, index);
      const before = done;
      done += sizeOf(item);
      const crossed = Math.floor(done / step) > Math.floor(before / step);
      if (report?.progress && total >= QUIET_BELOW && crossed) {
        report.progress(`${report.label} ${done}/${total}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
}

/**
 * Waits until `done` answers true, as long as things move: `progress` is a
 * number that grows while other services' events are still being handled (the
 * events applied so far, say). False once it stood still for `stallMs`.
 */
export async function waitWhileProgressing(
  done: () => Promise<boolean>,
  progress: () => Promise<number>,
  stallMs: number,
  intervalMs = 250,
): Promise<boolean> {
  let last = -1;
  let movedAt = Date.now();
  for (;;) {
    if (await done()) return true;
    const value = await progress();
    if (value !== last) {
      last = value;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > stallMs) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
