/**
 * Offline evaluation of the recommendations ranker: a synthetic platform with planted interest
 * groups, its past fed to the real service (in-process, on a scratch database and Redis prefix,
 * through SignalsService as its event worker would), its future held out; the ranker is trained
 * on simulated members' reactions to the lists it shows them (the service's own training job),
 * then each evaluated member's list is scored against what they did next: precision@5,
 * recall@20 and NDCG@10 for the model (starting and trained weights), a popularity baseline and
 * random.
 *
 *   npm run eval:recommendations
 *   EVAL_SEED=7 EVAL_MEMBERS=2000 npm run eval:recommendations
 *
 * The platform: EVAL_MEMBERS members, each with a hidden primary topic (one of EVAL_GROUPS, each
 * with its hashtags and three communities), a third of them with a secondary one; an activity
 * level and an appeal (log-normal). Over EVAL_PAST_DAYS they follow mostly within their topic
 * (the more appealing accounts more), sometimes friends of friends or anyone; a few celebrities
 * are followed by about half of everyone. They post with their topic's hashtags (some noise
 * tags), like and retweet recent posts of their topic, of people they follow or anything, join
 * their topic's communities and search its hashtags. The same process runs EVAL_FUTURE_DAYS on:
 * those follows, likes and joins are never applied and are what the lists are judged against.
 *
 * The cut-off is the present moment: the candidate SQL reads PostgreSQL's now() (the seven-day
 * windows, freshness, the decay of interests), so the service sees the platform exactly as at
 * the cut-off, and the held-out part is stamped after it.
 *
 * Training: one member in EVAL_PANEL_EVERY (the panel) is shown a list by
 * RecommendationsService.recommend and reacts by the generator's own rates (follows, likes, joins
 * as events; clicks and dismissals as feedback; the rest ignored), then TrainingWorker.run judges
 * the impressions IGNORED_AFTER_HOURS later (EVAL_TRAINING_ROUNDS times: the hourly job's loop,
 * where a second panel sees what the first training's weights rank). 60% of members write a bio
 * (everyday words, and most of them words of their topic). Evaluation, on a copy of the service's
 * database made before the panel (the platform the future was drawn from, the same for every
 * method whatever the model showed the panel): up to EVAL_JUDGED members off the panel,
 * each ranked by the real candidates, features and ranker (mixTop of scoreCandidates, with the
 * starting and the trained weights), against a popularity baseline, random, and an oracle that
 * ranks by the generator's own rates (what no ranker can beat on average: the platform's ceiling).
 * The report goes to stdout (markdown), progress to stderr. The scratch database and Redis keys
 * are removed at the end, also when interrupted.
 */
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import type { EventPayload, RecommendationContentType, SubscribedEvent } from '@wave/contracts';
import { seededRandom } from '@wave/demo-data';
import { RpcServer } from '@wave/rpc';
import type { TestDatabase, TestRedisNamespace } from '@wave/testing';
import { createTestDatabase, createTestRedisNamespace } from '@wave/testing';
// The evaluation runs the service's own code: its candidate SQL, features, ranker and training.
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { Candidate } from '../../../apps/recommendations/src/candidates/candidate';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CandidatesService } from '../../../apps/recommendations/src/candidates/candidates.service';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { loadRecommendationsConfig } from '../../../apps/recommendations/src/config/recommendations.config';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { RecommendationsService } from '../../../apps/recommendations/src/recommendations/recommendations.service';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { recommendationsService } from '../../../apps/recommendations/src/service';
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  FEATURE_NAMES,
  STARTING_WEIGHTS,
} from '../../../apps/recommendations/src/ranking/features';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { ModelService } from '../../../apps/recommendations/src/ranking/model.service';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { mixTop, scoreCandidates } from '../../../apps/recommendations/src/ranking/ranker';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { RecommendationsEvent } from '../../../apps/recommendations/src/signals/signals.service';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { SignalsService } from '../../../apps/recommendations/src/signals/signals.service';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { TrainingRun } from '../../../apps/recommendations/src/training/training.worker';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { TrainingWorker } from '../../../apps/recommendations/src/training/training.worker';

const env = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
};

const SEED = env('EVAL_SEED', 20_261_128);
const MEMBERS = Math.max(100, Math.round(env('EVAL_MEMBERS', 1_000)));
const GROUPS = Math.min(10, Math.max(2, Math.round(env('EVAL_GROUPS', 8))));
const CELEBRITIES = Math.round(env('EVAL_CELEBRITIES', 10));
const PAST_DAYS = env('EVAL_PAST_DAYS', 10);
const FUTURE_DAYS = env('EVAL_FUTURE_DAYS', 3);
/** One member in this many is on the training panel (shown lists, reacting); the rest are judged. */
const PANEL_EVERY = Math.max(2, Math.round(env('EVAL_PANEL_EVERY', 4)));
/**
 * Rounds of the service's loop: the panel is shown lists by the weights in use, then the job
 * trains (hourly in the service); a second round shows what the first round's weights rank.
 */
const TRAINING_ROUNDS = Math.max(1, Math.round(env('EVAL_TRAINING_ROUNDS', 1)));
/**
 * EVAL_JUDGE_AFTER_PANEL=1 judges on the platform after the panel's reactions (as runs before
 * 2026-11-28 did) instead of on the copy made before them.
 */
const JUDGE_AFTER_PANEL = env('EVAL_JUDGE_AFTER_PANEL', 0) > 0;
/** At most this many members are judged (the first off the panel with a held-out item). */
const JUDGED = Math.max(1, Math.round(env('EVAL_JUDGED', 400)));
/** Items shown to each panel member, and how many members' lists are read at once. */
const SHOWN = 20;
const PANEL_ROUND = 8;
/**
 * Being shown an item is worth this many days of the member's own browsing towards it; of the
 * items not acted on, CLICK_SHARE × that chance are clicked, and DISMISS_SHARE of those they would
 * almost never pick (under 2%) are dismissed.
 */
const EXPOSURE_DAYS = 20;
const CLICK_SHARE = 0.3;
const DISMISS_SHARE = 0.15;
/** Events per SignalsService.applyAll transaction. */
const APPLY_BATCH = 250;
const CONCURRENCY = 3;

/** Per member and day, scaled by the member's activity (mean 1). */
const RATES = { follow: 1, like: 1.5, post: 0.4, join: 0.1, communityPost: 0.03 };
/** Where a follow, a like or a join goes: the member's topic, the secondary one, the network, anything. */
const FOLLOW_MIX = { topic: 0.72, secondary: 0.1, friendOfFriend: 0.1 }; // the rest: anyone
const LIKE_MIX = { topic: 0.55, followees: 0.2, secondary: 0.1 }; // the rest: any post
const JOIN_MIX = { topic: 0.7, secondary: 0.1, general: 0.15 }; // the rest: any community
/** Share of everyone following each celebrity by the cut-off (an exponential clock each). */
const CELEBRITY_REACH = 0.5;
const SECONDARY_SHARE = 0.3;
/** A like picks among posts this recent, weighted by quality × exp(-age / LIKE_RECENCY_HOURS). */
const LIKE_WINDOW_HOURS = 96;
const LIKE_RECENCY_HOURS = 36;
const RETWEET_SHARE = 0.1;
const UNFOLLOW_SHARE = 0.02;
const DELETED_POST_SHARE = 0.01;
const SEARCHER_SHARE = 0.25;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const KINDS: readonly RecommendationContentType[] = ['user', 'post', 'community'];

// ---------------------------------------------------------------------------------------------
// Deterministic randomness.

/** mulberry32 (seededRandom): the same numbers on every run, with the draws the evaluation uses. */
class Random {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }

  logNormal(sigma: number): number {
    return Math.exp(sigma * this.normal());
  }

  poisson(lambda: number): number {
    // Knuth's method; the rates here are small.
    const limit = Math.exp(-lambda);
    let k = 0;
    for (let p = this.next(); p > limit && k < 1_000; p *= this.next()) k += 1;
    return k;
  }

  /** A version-4 UUID made of this generator's numbers. */
  uuid(): string {
    const hex = Array.from({ length: 4 }, () =>
      Math.floor(this.next() * 4_294_967_296)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /** An index drawn with probability proportional to its weight (-1 when all are 0). */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    if (!(total > 0)) return -1;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}

/** A number in [0, 1) fixed by its inputs: a reaction that does not depend on the order of lists. */
function hashUnit(...parts: (string | number)[]): number {
  let h = 2_166_136_261;
  for (const char of parts.join('|')) {
    h ^= char.charCodeAt(0);
    h = Math.imul(h, 16_777_619);
  }
  return new Random(h).next();
}

/** Draws by cumulative weights (binary search): for fixed weights drawn from many times. */
class Sampler {
  private readonly cumulative: number[] = [];

  constructor(
    readonly items: readonly number[],
    weight: (item: number) => number,
  ) {
    let total = 0;
    for (const item of items) this.cumulative.push((total += weight(item)));
  }

  draw(random: Random): number | null {
    const total = this.cumulative[this.cumulative.length - 1];
    if (!total) return null;
    const r = random.next() * total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}

// ---------------------------------------------------------------------------------------------
// The synthetic platform.

interface TopicDefinition {
  name: string;
  category: string;
  tags: string[];
  communities: [string, string][];
}

const TOPICS: TopicDefinition[] = [
  {
    name: 'space',
    category: 'Science',
    tags: ['astronomy', 'space', 'telescope', 'rockets', 'nebula'],
    communities: [
      ['Backyard Astronomy', 'Telescope setups, astronomy nights and nebula photos'],
      ['Launch Watchers', 'Rockets, launches and space news'],
      ['Deep Sky Club', 'Nebula hunting and astronomy from dark sites'],
    ],
  },
  {
    name: 'cooking',
    category: 'Cooking',
    tags: ['cooking', 'sourdough', 'recipes', 'baking', 'spices'],
    communities: [
      ['Sourdough Society', 'Starters, crumb shots and baking tips'],
      ['Weeknight Recipes', 'Quick cooking and recipes for busy evenings'],
      ['Spice Route', 'Spices, curries and cooking from everywhere'],
    ],
  },
  {
    name: 'football',
    category: 'Sports',
    tags: ['football', 'soccer', 'transfers', 'worldcup', 'tactics'],
    communities: [
      ['Matchday Chat', 'Football live threads every matchday'],
      ['Tactics Board', 'Formations, pressing and football tactics'],
      ['Transfer Rumours', 'Soccer transfers and gossip'],
    ],
  },
  {
    name: 'gaming',
    category: 'Gaming',
    tags: ['gaming', 'indiegames', 'speedrun', 'retrogaming', 'esports'],
    communities: [
      ['Indie Corner', 'Indie games and gaming discoveries'],
      ['Speedrun Lab', 'Routes, splits and speedrun records'],
      ['Retro Cartridges', 'Retrogaming, consoles and cartridges'],
    ],
  },
  {
    name: 'music',
    category: 'Music',
    tags: ['jazz', 'vinyl', 'guitar', 'concerts', 'synths'],
    communities: [
      ['Vinyl Diggers', 'Record hunting and vinyl pressings'],
      ['Jazz Standards', 'Jazz listening club and guitar comping'],
      ['Synth Makers', 'Modular synths and music production'],
    ],
  },
  {
    name: 'gardening',
    category: 'Home',
    tags: ['gardening', 'houseplants', 'compost', 'seeds', 'permaculture'],
    communities: [
      ['Houseplant Help', 'Houseplants care and repotting'],
      ['Compost Corner', 'Compost, soil and permaculture gardening'],
      ['Seed Swap', 'Seeds swapping and gardening calendars'],
    ],
  },
  {
    name: 'running',
    category: 'Health & Fitness',
    tags: ['running', 'marathon', 'trailrunning', 'fitness', 'intervals'],
    communities: [
      ['Marathon Training', 'Marathon plans, intervals and running logs'],
      ['Trail Runners', 'Trailrunning routes and gear'],
      ['Couch to 5K', 'Beginner running and fitness'],
    ],
  },
  {
    name: 'programming',
    category: 'Technology',
    tags: ['typescript', 'rust', 'opensource', 'postgres', 'devops'],
    communities: [
      ['TypeScript Guild', 'TypeScript types, tooling and opensource'],
      ['Rustaceans', 'Rust programming and crates'],
      ['Database Nerds', 'Postgres tuning, queries and devops'],
    ],
  },
  {
    name: 'photography',
    category: 'Art & Design',
    tags: ['photography', 'filmphotography', 'streetphotography', 'portraits', 'lenses'],
    communities: [
      ['Film Lab', 'Filmphotography, developing and scanning'],
      ['Street Shooters', 'Streetphotography walks and critique'],
      ['Lens Talk', 'Lenses, portraits and photography gear'],
    ],
  },
  {
    name: 'books',
    category: 'Books',
    tags: ['books', 'scifi', 'poetry', 'bookclub', 'fantasy'],
    communities: [
      ['Monthly Bookclub', 'One of the books each month, bookclub threads'],
      ['SciFi Shelf', 'Scifi and fantasy novels'],
      ['Poetry Corner', 'Poetry reading and writing'],
    ],
  },
];
const GENERAL_COMMUNITIES: [string, string][] = [
  ['Wave Lounge', 'Say hello and chat about anything'],
  ['Introductions', 'New here? Tell everyone who you are'],
];
const NOISE_TAGS = ['news', 'monday', 'life', 'weekend', 'thoughts', 'today', 'mood', 'random'];
/** Bios: who writes one, and what else goes in it besides the member's topic. */
const BIO_SHARE = 0.6;
const BIO_TOPIC_SHARE = 0.8;
const BIO_WORDS = [
  'coffee',
  'dad',
  'mum',
  'opinions',
  'my',
  'own',
  'student',
  'engineer',
  'teacher',
  'nurse',
  'dog',
  'cats',
  'travel',
  'tea',
  'city',
  'life',
  'husband',
  'wife',
];
/** Within a topic, its first hashtag is the most used. */
const TAG_WEIGHTS = [5, 3, 2, 1.5, 1];
/** Relative sizes of the groups: some large, some small. */
const GROUP_SIZES = [1.6, 1.4, 1.2, 1.1, 1, 0.9, 0.8, 0.7, 0.7, 0.6];

interface Member {
  index: number;
  id: string;
  group: number;
  secondary: number | null;
  activity: number;
  appeal: number;
  celebrity: boolean;
}

interface Post {
  index: number;
  id: string;
  author: number;
  /** The topic it is about, or null (noise tags only). */
  topic: number | null;
  tags: string[];
  at: number;
  quality: number;
  deleted: boolean;
}

interface Community {
  index: number;
  id: string;
  name: string;
  description: string;
  category: string;
  group: number | null;
  appeal: number;
}

interface HeldOut {
  kind: RecommendationContentType;
  id: string;
}

interface Platform {
  members: Member[];
  posts: Post[];
  communities: Community[];
  /**
   * The events of the past: members and communities, then posts, then the rest (follows, likes,
   * joins…), each part in time order; a part's events depend only on the parts before it.
   */
  events: {
    setup: RecommendationsEvent[];
    posts: RecommendationsEvent[];
    rest: RecommendationsEvent[];
  };
  /** At the cut-off: whom each member follows, what they liked or retweeted, what they are in. */
  follows: Set<number>[];
  interacted: Set<number>[];
  joined: Set<number>[];
  /** Each member's later follows, likes and joins (never applied). */
  future: HeldOut[][];
  counts: Record<string, number>;
  cutoff: number;
}

type Subscribed = SubscribedEvent<'recommendations'>;

/** Builds the platform from the seed: the same platform on every run. */
function generatePlatform(cutoff: number): Platform {
  const random = new Random(SEED);
  const pastStart = cutoff - PAST_DAYS * DAY_MS;
  const futureEnd = cutoff + FUTURE_DAYS * DAY_MS;
  const timed: { at: number; seq: number; event: RecommendationsEvent }[] = [];
  const setup: RecommendationsEvent[] = [];
  const envelope = <E extends Subscribed>(
    name: E,
    payload: EventPayload<E>,
    at: number,
  ): RecommendationsEvent =>
    ({
      eventId: random.uuid(),
      name,
      occurredAt: new Date(at).toISOString(),
      payload,
    }) as RecommendationsEvent;
  const emit = <E extends Subscribed>(name: E, payload: EventPayload<E>, at: number): void => {
    timed.push({ at, seq: timed.length, event: envelope(name, payload, at) });
  };

  // Members: a topic each (groups of different sizes), a secondary one for some, an activity
  // level and an appeal (how followable and likeable their posts are), both log-normal.
  const groupSampler = new Sampler(
    Array.from({ length: GROUPS }, (_, g) => g),
    (g) => GROUP_SIZES[g]!,
  );
  const members: Member[] = Array.from({ length: MEMBERS }, (_, index) => {
    const group = groupSampler.draw(random)!;
    const secondary = random.chance(SECONDARY_SHARE)
      ? (group + 1 + random.int(GROUPS - 1)) % GROUPS
      : null;
    const celebrity = index < CELEBRITIES;
    return {
      index,
      id: random.uuid(),
      group,
      secondary,
      activity: Math.min(6, Math.max(0.15, Math.exp(0.8 * random.normal() - 0.32))),
      appeal: celebrity ? 3 : Math.min(12, random.logNormal(0.9)),
      celebrity,
    };
  });
  // Bios from a generator of their own, so the rest of the platform is the one drawn without them.
  const bioRandom = new Random(SEED + 1);
  const bioOf = (member: Member): string | null => {
    if (!bioRandom.chance(BIO_SHARE)) return null;
    const words = new Set<string>();
    for (let i = 0; i < 1 + bioRandom.int(2); i++) words.add(bioRandom.pick(BIO_WORDS));
    if (bioRandom.chance(BIO_TOPIC_SHARE)) {
      for (let i = 0; i < 1 + bioRandom.int(2); i++) {
        words.add(bioRandom.pick(TOPICS[member.group]!.tags));
      }
    }
    if (member.secondary !== null && bioRandom.chance(0.3)) {
      words.add(bioRandom.pick(TOPICS[member.secondary]!.tags));
    }
    return [...words].join(', ');
  };
  for (const member of members) {
    setup.push(
      envelope(
        'user.registered',
        {
          userId: member.id,
          username: `member_${member.index}`,
          displayName: `Member ${member.index}`,
          profileImageUrl: null,
          verified: member.celebrity,
          version: 1,
          createdAt: new Date(pastStart - random.next() * 60 * DAY_MS).toISOString(),
        },
        pastStart - DAY_MS,
      ),
    );
    const bio = bioOf(member);
    if (bio === null) continue;
    setup.push(
      envelope(
        'user.updated',
        {
          userId: member.id,
          username: `member_${member.index}`,
          displayName: `Member ${member.index}`,
          profileImageUrl: null,
          verified: member.celebrity,
          version: 2,
          firstName: null,
          lastName: null,
          bio,
          coverImageUrl: null,
          updatedAt: new Date(pastStart - DAY_MS + 1_000).toISOString(),
        },
        pastStart - DAY_MS + 1_000,
      ),
    );
  }
  const byGroup = Array.from({ length: GROUPS }, (_, g) =>
    members.filter((m) => m.group === g && !m.celebrity).map((m) => m.index),
  );
  const followWeight = (i: number) => members[i]!.appeal ** 1.5;
  const groupFollowSamplers = byGroup.map((list) => new Sampler(list, followWeight));
  const anyoneSampler = new Sampler(
    members.filter((m) => !m.celebrity).map((m) => m.index),
    followWeight,
  );

  // Communities: three per topic, two general ones; the owner (one of the topic's members) is in.
  const communities: Community[] = [];
  const joined: Set<number>[] = members.map(() => new Set());
  const addCommunity = (group: number | null, [name, description]: [string, string]) => {
    const index = communities.length;
    const community: Community = {
      index,
      id: random.uuid(),
      name,
      description,
      category: group === null ? 'Other' : TOPICS[group]!.category,
      group,
      appeal: random.logNormal(0.6),
    };
    communities.push(community);
    const owner = group === null ? random.int(MEMBERS) : random.pick(byGroup[group]!);
    const at = pastStart - (1 + random.next() * 30) * DAY_MS;
    setup.push(
      envelope(
        'community.created',
        {
          communityId: community.id,
          ownerId: members[owner]!.id,
          name,
          description,
          category: community.category,
          isPrivate: false,
          createdAt: new Date(at).toISOString(),
        },
        at,
      ),
      envelope(
        'community.joined',
        {
          communityId: community.id,
          userId: members[owner]!.id,
          role: 'owner',
          at: new Date(at + 1_000).toISOString(),
        },
        at + 1_000,
      ),
    );
    joined[owner]!.add(index);
  };
  for (let g = 0; g < GROUPS; g++) for (const c of TOPICS[g]!.communities) addCommunity(g, c);
  for (const c of GENERAL_COMMUNITIES) addCommunity(null, c);
  const communityWeight = (c: number) => communities[c]!.appeal;
  const groupCommunitySamplers = Array.from(
    { length: GROUPS },
    (_, g) =>
      new Sampler(
        communities.filter((c) => c.group === g).map((c) => c.index),
        communityWeight,
      ),
  );
  const generalCommunitySampler = new Sampler(
    communities.filter((c) => c.group === null).map((c) => c.index),
    communityWeight,
  );
  const anyCommunitySampler = new Sampler(
    communities.map((c) => c.index),
    communityWeight,
  );

  // What each member will do, when: one time-ordered simulation of the past and the future.
  type Slot = {
    at: number;
    member: number;
    kind: 'follow' | 'celebrity' | 'like' | 'post' | 'join' | 'communityPost' | 'search';
    target?: number;
  };
  const slots: Slot[] = [];
  const spread = (member: Member, kind: Slot['kind'], rate: number) => {
    const past = random.poisson(member.activity * rate * PAST_DAYS);
    for (let i = 0; i < past; i++) {
      slots.push({
        at: pastStart + random.next() * (cutoff - pastStart),
        member: member.index,
        kind,
      });
    }
    if (kind === 'post' || kind === 'communityPost') return;
    const future = random.poisson(member.activity * rate * FUTURE_DAYS);
    for (let i = 0; i < future; i++) {
      slots.push({
        at: cutoff + 1 + random.next() * (futureEnd - cutoff - 1),
        member: member.index,
        kind,
      });
    }
  };
  for (const member of members) {
    spread(member, 'post', RATES.post);
    spread(member, 'follow', RATES.follow);
    spread(member, 'like', RATES.like);
    spread(member, 'join', RATES.join);
    spread(member, 'communityPost', RATES.communityPost);
    // A first community on arrival.
    slots.push({ at: pastStart + random.next() * DAY_MS, member: member.index, kind: 'join' });
    for (let c = 0; c < CELEBRITIES; c++) {
      if (c === member.index) continue;
      const at = pastStart - (Math.log(1 - random.next()) / CELEBRITY_RATE) * DAY_MS;
      if (at < futureEnd) slots.push({ at, member: member.index, kind: 'celebrity', target: c });
    }
    if (random.chance(SEARCHER_SHARE)) {
      for (let i = 1 + random.int(2); i > 0; i--) {
        slots.push({
          at: pastStart + random.next() * (cutoff - pastStart),
          member: member.index,
          kind: 'search',
        });
      }
    }
  }
  slots.sort((a, b) => a.at - b.at);

  const follows: Set<number>[] = members.map(() => new Set());
  const everFollowed: Set<number>[] = members.map(() => new Set());
  const followeeList: number[][] = members.map(() => []);
  const followedAt = new Map<string, number>();
  const interacted: Set<number>[] = members.map(() => new Set());
  const future: HeldOut[][] = members.map(() => []);
  const futureLiked: Set<number>[] = members.map(() => new Set());
  const posts: Post[] = [];
  const postsByTopic: number[][] = Array.from({ length: GROUPS }, () => []);
  const postsByAuthor: number[][] = members.map(() => []);
  const allPosts: number[] = [];
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);

  /** The first index of a time-ordered post list created at or after `from`. */
  const firstFrom = (list: readonly number[], from: number): number => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (posts[list[mid]!]!.at < from) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const pickPost = (member: number, list: readonly number[], at: number): number | null => {
    const from = firstFrom(list, at - LIKE_WINDOW_HOURS * HOUR_MS);
    const until = Math.min(at, cutoff);
    const items: number[] = [];
    const weights: number[] = [];
    for (let i = from; i < list.length; i++) {
      const post = posts[list[i]!]!;
      if (post.at >= until) break;
      if (post.author === member || interacted[member]!.has(post.index)) continue;
      if (futureLiked[member]!.has(post.index)) continue;
      items.push(post.index);
      weights.push(post.quality * Math.exp(-(at - post.at) / (LIKE_RECENCY_HOURS * HOUR_MS)));
    }
    const chosen = random.weighted(weights);
    return chosen < 0 ? null : items[chosen]!;
  };
  const follow = (member: number, followee: number, at: number) => {
    const isFuture = at > cutoff;
    follows[member]!.add(followee);
    everFollowed[member]!.add(followee);
    followeeList[member]!.push(followee);
    if (isFuture) {
      future[member]!.push({ kind: 'user', id: members[followee]!.id });
      count('future follows');
      if (members[followee]!.celebrity) count('future celebrity follows');
      return;
    }
    followedAt.set(`${member}:${followee}`, at);
    emit(
      'follow.created',
      {
        followerId: members[member]!.id,
        followeeId: members[followee]!.id,
        createdAt: new Date(at).toISOString(),
      },
      at,
    );
    count('follows');
  };
  const join = (member: number, community: number, at: number) => {
    joined[member]!.add(community);
    if (at > cutoff) {
      future[member]!.push({ kind: 'community', id: communities[community]!.id });
      count('future joins');
      return;
    }
    emit(
      'community.joined',
      {
        communityId: communities[community]!.id,
        userId: members[member]!.id,
        role: 'member',
        at: new Date(at).toISOString(),
      },
      at,
    );
    count('joins');
  };

  // The past is applied and the future held out, so the future's follows, likes and joins are
  // not in the state the baselines and the relevance are judged on: keep the cut-off's copy.
  let atCutoff: { follows: Set<number>[]; joined: Set<number>[] } | null = null;
  for (const slot of slots) {
    if (!atCutoff && slot.at > cutoff) {
      atCutoff = {
        follows: follows.map((set) => new Set(set)),
        joined: joined.map((set) => new Set(set)),
      };
    }
    const m = members[slot.member]!;
    const at = slot.at;
    switch (slot.kind) {
      case 'post': {
        const r = random.next();
        const topic = r < 0.8 ? m.group : r < 0.9 ? (m.secondary ?? m.group) : null;
        const tags = new Set<string>();
        if (topic !== null) {
          const topicTags = TOPICS[topic]!.tags;
          tags.add(topicTags[random.weighted(TAG_WEIGHTS)]!);
          if (random.chance(0.5)) tags.add(topicTags[random.weighted(TAG_WEIGHTS)]!);
          if (random.chance(0.25)) tags.add(random.pick(NOISE_TAGS));
        } else {
          tags.add(random.pick(NOISE_TAGS));
          if (random.chance(0.5)) tags.add(random.pick(NOISE_TAGS));
        }
        const post: Post = {
          index: posts.length,
          id: random.uuid(),
          author: m.index,
          topic,
          tags: [...tags],
          at,
          quality: m.appeal * random.logNormal(0.5),
          deleted: false,
        };
        posts.push(post);
        if (topic !== null) postsByTopic[topic]!.push(post.index);
        postsByAuthor[m.index]!.push(post.index);
        allPosts.push(post.index);
        emit(
          'tweet.created',
          {
            tweetId: post.id,
            authorId: m.id,
            content: `Post ${post.index}: ${post.tags.map((t) => `#${t}`).join(' ')}`,
            hashtags: post.tags,
            mentions: [],
            imageUrls: [],
            parentId: null,
            createdAt: new Date(at).toISOString(),
          },
          at,
        );
        count('posts');
        break;
      }
      case 'celebrity': {
        if (!everFollowed[m.index]!.has(slot.target!)) follow(m.index, slot.target!, at);
        break;
      }
      case 'follow': {
        for (let attempt = 0; attempt < 30; attempt++) {
          const r = random.next();
          let candidate: number | null;
          if (r < FOLLOW_MIX.topic) {
            candidate = groupFollowSamplers[m.group]!.draw(random);
          } else if (r < FOLLOW_MIX.topic + FOLLOW_MIX.secondary) {
            candidate = groupFollowSamplers[m.secondary ?? m.group]!.draw(random);
          } else if (r < FOLLOW_MIX.topic + FOLLOW_MIX.secondary + FOLLOW_MIX.friendOfFriend) {
            const mine = followeeList[m.index]!;
            const via = mine.length ? random.pick(mine) : null;
            const theirs = via === null ? [] : followeeList[via]!;
            candidate = theirs.length ? random.pick(theirs) : null;
          } else {
            candidate = anyoneSampler.draw(random);
          }
          if (candidate === null || candidate === m.index) continue;
          if (everFollowed[m.index]!.has(candidate)) continue;
          follow(m.index, candidate, at);
          break;
        }
        break;
      }
      case 'like': {
        const r = random.next();
        let post: number | null;
        if (r < LIKE_MIX.topic) {
          post = pickPost(m.index, postsByTopic[m.group]!, at);
        } else if (r < LIKE_MIX.topic + LIKE_MIX.followees) {
          const timeline = [...follows[m.index]!]
            .flatMap((f) => postsByAuthor[f]!)
            .sort((a, b) => a - b);
          post = pickPost(m.index, timeline, at);
        } else if (r < LIKE_MIX.topic + LIKE_MIX.followees + LIKE_MIX.secondary) {
          post = pickPost(m.index, postsByTopic[m.secondary ?? m.group]!, at);
        } else {
          post = pickPost(m.index, allPosts, at);
        }
        if (post === null) break;
        const target = posts[post]!;
        if (at > cutoff) {
          futureLiked[m.index]!.add(post);
          future[m.index]!.push({ kind: 'post', id: target.id });
          count('future likes');
          break;
        }
        interacted[m.index]!.add(post);
        const payload = {
          tweetId: target.id,
          userId: m.id,
          authorId: members[target.author]!.id,
          at: new Date(at).toISOString(),
        };
        emit('like.created', payload, at);
        count('likes');
        if (random.chance(RETWEET_SHARE)) {
          emit(
            'retweet.created',
            { ...payload, at: new Date(at + 60_000).toISOString() },
            at + 60_000,
          );
          count('retweets');
        }
        break;
      }
      case 'join': {
        for (let attempt = 0; attempt < 10; attempt++) {
          const r = random.next();
          const community =
            r < JOIN_MIX.topic
              ? groupCommunitySamplers[m.group]!.draw(random)
              : r < JOIN_MIX.topic + JOIN_MIX.secondary
                ? groupCommunitySamplers[m.secondary ?? m.group]!.draw(random)
                : r < JOIN_MIX.topic + JOIN_MIX.secondary + JOIN_MIX.general
                  ? generalCommunitySampler.draw(random)
                  : anyCommunitySampler.draw(random);
          if (community === null || joined[m.index]!.has(community)) continue;
          join(m.index, community, at);
          break;
        }
        break;
      }
      case 'communityPost': {
        const mine = [...joined[m.index]!];
        if (mine.length === 0) break;
        emit(
          'community.post.created',
          {
            postId: random.uuid(),
            communityId: communities[random.pick(mine)]!.id,
            authorId: m.id,
            content: 'A community post',
            mediaUrls: [],
            createdAt: new Date(at).toISOString(),
          },
          at,
        );
        count('community posts');
        break;
      }
      case 'search': {
        const tag = TOPICS[m.group]!.tags[random.weighted(TAG_WEIGHTS)]!;
        emit(
          'search.clicked',
          {
            clickId: random.uuid(),
            userId: m.id,
            query: tag,
            resultId: `#${tag}`,
            resultType: 'hashtag',
            at: new Date(at).toISOString(),
          },
          at,
        );
        count('hashtag searches');
        break;
      }
    }
  }
  const state = atCutoff ?? { follows, joined };

  // A few unfollows and deleted posts, before the cut-off.
  for (const [key, at] of followedAt) {
    if (!random.chance(UNFOLLOW_SHARE)) continue;
    const [member, followee] = key.split(':').map(Number) as [number, number];
    const when = at + random.next() * (cutoff - at);
    state.follows[member]!.delete(followee);
    emit(
      'follow.deleted',
      {
        followerId: members[member]!.id,
        followeeId: members[followee]!.id,
        deletedAt: new Date(when).toISOString(),
      },
      when,
    );
    count('unfollows');
  }
  const likedLater = new Set(future.flatMap((items) => items.map((item) => item.id)));
  for (const post of posts) {
    if (likedLater.has(post.id) || !random.chance(DELETED_POST_SHARE)) continue;
    post.deleted = true;
    const when = post.at + random.next() * (cutoff - post.at);
    emit(
      'tweet.deleted',
      {
        tweetId: post.id,
        authorId: members[post.author]!.id,
        parentId: null,
        deletedAt: new Date(when).toISOString(),
      },
      when,
    );
    count('deleted posts');
  }

  timed.sort((a, b) => a.at - b.at || a.seq - b.seq);
  const ordered = timed.map((t) => t.event);
  return {
    members,
    posts,
    communities,
    events: {
      setup,
      posts: ordered.filter((event) => event.name === 'tweet.created'),
      rest: ordered.filter((event) => event.name !== 'tweet.created'),
    },
    follows: state.follows,
    interacted,
    joined: state.joined,
    future,
    counts,
    cutoff,
  };
}

/** The rate at which each member follows each celebrity they do not follow yet, per day. */
const CELEBRITY_RATE = -Math.log(1 - CELEBRITY_REACH) / PAST_DAYS;

/**
 * The generator's own rates at a moment: how often, per day, a member would follow a person, like
 * a post or join a community of their own accord, by the mixes and weights above (ignoring
 * the redraws when a choice was taken already). The held-out future is drawn from these; the
 * training panel reacts to what it is shown by the same rates, so that the outcomes the ranker
 * learns from and the interactions it is judged on come from one truth.
 */
class NaturalRates {
  private readonly followTotals: number[];
  private readonly followTotal: number;
  private readonly likeTotals: number[];
  private readonly likeTotal: number;
  private readonly communityTotals: number[];
  private readonly generalTotal: number;
  private readonly communityTotal: number;

  constructor(
    private readonly platform: Platform,
    private readonly at: number,
  ) {
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const regular = platform.members.filter((m) => !m.celebrity);
    this.followTotals = Array.from({ length: GROUPS }, (_, g) =>
      sum(regular.filter((m) => m.group === g).map((m) => m.appeal ** 1.5)),
    );
    this.followTotal = sum(regular.map((m) => m.appeal ** 1.5));
    this.likeTotals = new Array<number>(GROUPS).fill(0);
    this.likeTotal = 0;
    for (const post of platform.posts) {
      const w = this.postWeight(post);
      this.likeTotal += w;
      if (post.topic !== null) this.likeTotals[post.topic]! += w;
    }
    this.communityTotals = Array.from({ length: GROUPS }, (_, g) =>
      sum(platform.communities.filter((c) => c.group === g).map((c) => c.appeal)),
    );
    this.generalTotal = sum(
      platform.communities.filter((c) => c.group === null).map((c) => c.appeal),
    );
    this.communityTotal = sum(platform.communities.map((c) => c.appeal));
  }

  follow(member: Member, other: Member): number {
    if (other.celebrity) return CELEBRITY_RATE;
    const w = other.appeal ** 1.5;
    const secondary = member.secondary ?? member.group;
    const mine = [...this.platform.follows[member.index]!];
    let friendOfFriend = 0;
    for (const f of mine) {
      const theirs = this.platform.follows[f]!;
      if (theirs.has(other.index)) friendOfFriend += 1 / theirs.size / mine.length;
    }
    const rest = 1 - FOLLOW_MIX.topic - FOLLOW_MIX.secondary - FOLLOW_MIX.friendOfFriend;
    return (
      member.activity *
      RATES.follow *
      ((other.group === member.group
        ? (FOLLOW_MIX.topic * w) / this.followTotals[member.group]!
        : 0) +
        (other.group === secondary
          ? (FOLLOW_MIX.secondary * w) / this.followTotals[secondary]!
          : 0) +
        FOLLOW_MIX.friendOfFriend * friendOfFriend +
        (rest * w) / this.followTotal)
    );
  }

  like(member: Member, post: Post): number {
    const w = this.postWeight(post);
    if (w === 0) return 0;
    const secondary = member.secondary ?? member.group;
    const rest = 1 - LIKE_MIX.topic - LIKE_MIX.followees - LIKE_MIX.secondary;
    return (
      member.activity *
      RATES.like *
      ((post.topic === member.group ? (LIKE_MIX.topic * w) / this.likeTotals[member.group]! : 0) +
        (post.topic === secondary ? (LIKE_MIX.secondary * w) / this.likeTotals[secondary]! : 0) +
        (rest * w) / this.likeTotal)
    );
  }

  join(member: Member, community: Community): number {
    const a = community.appeal;
    const secondary = member.secondary ?? member.group;
    const rest = 1 - JOIN_MIX.topic - JOIN_MIX.secondary - JOIN_MIX.general;
    return (
      member.activity *
      RATES.join *
      ((community.group === member.group
        ? (JOIN_MIX.topic * a) / this.communityTotals[member.group]!
        : 0) +
        (community.group === secondary
          ? (JOIN_MIX.secondary * a) / this.communityTotals[secondary]!
          : 0) +
        (community.group === null ? (JOIN_MIX.general * a) / this.generalTotal : 0) +
        (rest * a) / this.communityTotal)
    );
  }

  /** A post's weight in a like's draw now: quality × recency, within the like window. */
  private postWeight(post: Post): number {
    const age = this.at - post.at;
    if (age < 0 || age >= LIKE_WINDOW_HOURS * HOUR_MS) return 0;
    return post.quality * Math.exp(-age / (LIKE_RECENCY_HOURS * HOUR_MS));
  }
}

const eventCount = (platform: Platform) =>
  platform.events.setup.length + platform.events.posts.length + platform.events.rest.length;

// ---------------------------------------------------------------------------------------------
// Metrics.

interface Scores {
  precision5: number;
  recall20: number;
  ndcg10: number;
}

/** Binary relevance: an item counts when its content type and id are among the held-out ones. */
function scoreList(list: readonly string[], relevant: ReadonlySet<string>): Scores {
  const hits = list.map((key) => relevant.has(key));
  const count = (n: number) => hits.slice(0, n).filter(Boolean).length;
  let dcg = 0;
  hits.slice(0, 10).forEach((hit, i) => {
    if (hit) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return { precision5: count(5) / 5, recall20: count(20) / relevant.size, ndcg10: dcg / ideal };
}

class Tally {
  members = 0;
  readonly sums: Scores = { precision5: 0, recall20: 0, ndcg10: 0 };
  /** Hits in the first five, by kind. */
  readonly hitsAt5: Record<RecommendationContentType, number> = { user: 0, post: 0, community: 0 };
  /** Items listed in the first twenty, by kind. */
  readonly listed: Record<RecommendationContentType, number> = { user: 0, post: 0, community: 0 };

  constructor(readonly name: string) {}

  add(list: readonly string[], relevant: ReadonlySet<string>): void {
    const scores = scoreList(list, relevant);
    this.members += 1;
    this.sums.precision5 += scores.precision5;
    this.sums.recall20 += scores.recall20;
    this.sums.ndcg10 += scores.ndcg10;
    list.slice(0, 5).forEach((key) => {
      if (relevant.has(key)) this.hitsAt5[kindOf(key)] += 1;
    });
    list.slice(0, 20).forEach((key) => (this.listed[kindOf(key)] += 1));
  }

  mean(metric: keyof Scores): number {
    return this.members ? this.sums[metric] / this.members : 0;
  }
}

const keyOf = (kind: RecommendationContentType, id: string) => `${kind}:${id}`;
const kindOf = (key: string) => key.slice(0, key.indexOf(':')) as RecommendationContentType;

// ---------------------------------------------------------------------------------------------
// Running it.

const say = (line = '') => process.stdout.write(`${line}\n`);
const progress = (line: string) => process.stderr.write(`[eval] ${line}\n`);
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
const fixed = (n: number, digits = 3) => n.toFixed(digits);

async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/**
 * Feeds the past to the service as its event worker would, through SignalsService.applyAll, in
 * batches: members and communities, then posts, then the rest in time order. (Concurrent batches
 * were slower here: they wait on each other's locks on the same counters and deadlock.)
 */
async function applyPast(signals: SignalsService, platform: Platform): Promise<void> {
  const started = performance.now();
  const events = [...platform.events.setup, ...platform.events.posts, ...platform.events.rest];
  for (let i = 0; i < events.length; i += APPLY_BATCH) {
    await signals.applyAll(events.slice(i, i + APPLY_BATCH));
    const applied = Math.min(events.length, i + APPLY_BATCH);
    if (Math.floor(applied / 10_000) > Math.floor(i / 10_000)) {
      progress(`applied ${applied} of ${events.length} events (${seconds(started)})`);
    }
  }
}

interface PanelOutcome {
  members: number;
  shown: number;
  acted: number;
  clicked: number;
  dismissed: number;
  shownByKind: Record<RecommendationContentType, number>;
  actedByKind: Record<RecommendationContentType, number>;
}

/**
 * The training panel: each member is shown a list by the real service (RecommendationsService,
 * which records the impressions) and reacts as the generator's rates say: being shown an item
 * counts as EXPOSURE_DAYS of that member's own browsing towards it, so they act on it (follow,
 * like, join: events, which mark the impression acted on) with probability 1 - exp(-days × rate).
 * Some of the rest they click (feedback), those they would almost never pick some dismiss, the
 * rest they ignore (ignored once IGNORED_AFTER_HOURS pass). Members go in rounds: the lists of a
 * round are read together, then its reactions are applied in order, so every run is the same.
 */
async function runPanel(
  app: NestFastifyApplication,
  platform: Platform,
  ownerFollows: Set<string>,
  ownerJoins: Set<string>,
): Promise<PanelOutcome> {
  const recommendations = app.get(RecommendationsService);
  const signals = app.get(SignalsService);
  const rates = new NaturalRates(platform, Date.now());
  const memberById = new Map(platform.members.map((m) => [m.id, m]));
  const postById = new Map(platform.posts.map((p) => [p.id, p]));
  const communityById = new Map(platform.communities.map((c) => [c.id, c]));
  const eventIds = new Random(SEED + 1);
  const outcome: PanelOutcome = {
    members: 0,
    shown: 0,
    acted: 0,
    clicked: 0,
    dismissed: 0,
    shownByKind: { user: 0, post: 0, community: 0 },
    actedByKind: { user: 0, post: 0, community: 0 },
  };
  const panel = platform.members.filter((m) => m.index % PANEL_EVERY === 0);
  const started = performance.now();
  for (let from = 0; from < panel.length; from += PANEL_ROUND) {
    const round = panel.slice(from, from + PANEL_ROUND);
    const lists = new Array<Awaited<ReturnType<RecommendationsService['recommend']>>>(round.length);
    await forEachLimit(round, CONCURRENCY, async (member, i) => {
      lists[i] = await recommendations.recommend(member.id, SHOWN);
    });
    let at = Date.now() + 1_000;
    for (const [i, member] of round.entries()) {
      const events: RecommendationsEvent[] = [];
      const feedback: {
        action: 'click' | 'dismiss';
        contentType: RecommendationContentType;
        contentId: string;
        at: number;
      }[] = [];
      for (const item of lists[i]!) {
        outcome.shown += 1;
        outcome.shownByKind[item.contentType] += 1;
        at += 1_000;
        const iso = new Date(at).toISOString();
        let rate: number;
        let act: RecommendationsEvent;
        if (item.contentType === 'user') {
          const other = memberById.get(item.contentId)!;
          rate = rates.follow(member, other);
          act = {
            eventId: eventIds.uuid(),
            name: 'follow.created',
            occurredAt: iso,
            payload: { followerId: member.id, followeeId: other.id, createdAt: iso },
          };
        } else if (item.contentType === 'post') {
          const post = postById.get(item.contentId)!;
          rate = rates.like(member, post);
          act = {
            eventId: eventIds.uuid(),
            name: 'like.created',
            occurredAt: iso,
            payload: {
              tweetId: post.id,
              userId: member.id,
              authorId: platform.members[post.author]!.id,
              at: iso,
            },
          };
        } else {
          const community = communityById.get(item.contentId)!;
          rate = rates.join(member, community);
          act = {
            eventId: eventIds.uuid(),
            name: 'community.joined',
            occurredAt: iso,
            payload: { communityId: community.id, userId: member.id, role: 'member', at: iso },
          };
        }
        const p = 1 - Math.exp(-EXPOSURE_DAYS * rate);
        // The same member and item always draw the same numbers, whatever else was shown.
        const draw = (what: string) => hashUnit(SEED, member.id, item.contentId, what);
        if (draw('act') < p) {
          events.push(act);
          outcome.acted += 1;
          outcome.actedByKind[item.contentType] += 1;
          if (item.contentType === 'user') ownerFollows.add(`${member.id}:${item.contentId}`);
          if (item.contentType === 'community') ownerJoins.add(`${member.id}:${item.contentId}`);
        } else if (draw('click') < CLICK_SHARE * p) {
          feedback.push({
            action: 'click',
            contentType: item.contentType,
            contentId: item.contentId,
            at,
          });
        } else if (p < 0.02 && draw('dismiss') < DISMISS_SHARE) {
          feedback.push({
            action: 'dismiss',
            contentType: item.contentType,
            contentId: item.contentId,
            at,
          });
        }
      }
      if (events.length) await signals.applyAll(events);
      for (const { action, contentType, contentId, at: when } of feedback) {
        await recommendations.recordFeedback(
          member.id,
          { action, contentType, contentId },
          new Date(when),
        );
        if (action === 'click') outcome.clicked += 1;
        else outcome.dismissed += 1;
      }
      outcome.members += 1;
    }
    if (outcome.members % 100 < PANEL_ROUND) {
      progress(
        `panel: ${outcome.members} of ${panel.length} members shown lists (${seconds(started)})`,
      );
    }
  }
  return outcome;
}

interface Evaluation {
  tallies: Tally[];
  /** Members off the panel with a held-out item, and how many of them were judged. */
  withHeldOut: number;
  evaluated: number;
  relevantByKind: Record<RecommendationContentType, number>;
  droppedIneligible: number;
  /** Relevant items among the candidates at all, by kind. */
  inCandidates: Record<RecommendationContentType, number>;
  candidatesByKind: Record<RecommendationContentType, number>;
  /** Relevant people missing from the candidates: of the member's own topic, and followed by a followee. */
  missedUsers: { total: number; sameTopic: number; friendOfFriend: number };
  missedPosts: { total: number; sameTopic: number; olderThanWeek: number };
}

async function evaluate(
  app: NestFastifyApplication,
  dataSource: DataSource,
  platform: Platform,
  weights: { starting: number[]; trained: number[] },
  pastShares: Record<RecommendationContentType, number>,
): Promise<Evaluation> {
  const candidatesService = app.get(CandidatesService);
  const { members, posts, communities } = platform;
  const memberById = new Map(members.map((m) => [m.id, m]));
  const postById = new Map(posts.map((p) => [p.id, p]));
  const communityById = new Map(communities.map((c) => [c.id, c]));

  // Popularity, read from the service's store as the model sees it (the judged copy).
  const ids = async (sql: string) =>
    (await dataSource.query<{ id: string }[]>(sql)).map((row) => row.id);
  const popularUsers = await ids(
    `SELECT id FROM users WHERE version > 0 ORDER BY followers_count DESC, id LIMIT 1000`,
  );
  const livePosts = `created_at IS NOT NULL AND deleted_at IS NULL AND parent_id IS NULL`;
  const mostEngagedPosts = await ids(
    `SELECT id FROM posts WHERE ${livePosts}
     ORDER BY like_count + 2 * retweet_count + reply_count DESC, hot DESC, id LIMIT 3000`,
  );
  const hotPosts = await ids(
    `SELECT id FROM posts WHERE ${livePosts} ORDER BY hot DESC, id LIMIT 3000`,
  );
  const biggestCommunities = await ids(
    `SELECT id FROM communities WHERE created_at IS NOT NULL ORDER BY member_count DESC, id`,
  );

  const tallies = {
    starting: new Tally('model, starting weights'),
    trained: new Tally('model, trained weights'),
    popular: new Tally('popularity (most followed, most engaged, biggest)'),
    popularHot: new Tally('popularity, posts "popular now" (hot)'),
    random: new Tally('random (uniform over the eligible items)'),
    oracle: new Tally('oracle: all eligible items by their true rates (a ceiling)'),
    oracleCandidates: new Tally("oracle: the service's candidates by their true rates"),
  };
  const result: Evaluation = {
    tallies: Object.values(tallies),
    withHeldOut: 0,
    evaluated: 0,
    relevantByKind: { user: 0, post: 0, community: 0 },
    droppedIneligible: 0,
    inCandidates: { user: 0, post: 0, community: 0 },
    candidatesByKind: { user: 0, post: 0, community: 0 },
    missedUsers: { total: 0, sameTopic: 0, friendOfFriend: 0 },
    missedPosts: { total: 0, sameTopic: 0, olderThanWeek: 0 },
  };
  const randomBaseline = new Random(SEED + 2);
  const randomLists = new Map<number, string[]>();

  const eligible = (member: Member) => ({
    user: (id: string) => {
      const other = memberById.get(id);
      return (
        !!other && other.index !== member.index && !platform.follows[member.index]!.has(other.index)
      );
    },
    post: (id: string) => {
      const post = postById.get(id);
      return (
        !!post &&
        !post.deleted &&
        post.author !== member.index &&
        !platform.follows[member.index]!.has(post.author) &&
        !platform.interacted[member.index]!.has(post.index)
      );
    },
    community: (id: string) => {
      const community = communityById.get(id);
      return !!community && !platform.joined[member.index]!.has(community.index);
    },
  });

  /** The popular items of each kind, interleaved by each kind's share of past interactions. */
  const popularList = (member: Member, postOrder: readonly string[]): string[] => {
    const ok = eligible(member);
    const queues: Record<RecommendationContentType, string[]> = {
      user: popularUsers.filter(ok.user),
      post: postOrder.filter(ok.post),
      community: biggestCommunities.filter(ok.community),
    };
    const taken: Record<RecommendationContentType, number> = { user: 0, post: 0, community: 0 };
    const list: string[] = [];
    while (list.length < 20) {
      const open = KINDS.filter((kind) => taken[kind] < queues[kind].length);
      if (open.length === 0) break;
      // The kind furthest below its share so far.
      const kind = open.reduce((best, k) =>
        pastShares[k] * (list.length + 1) - taken[k] >
        pastShares[best] * (list.length + 1) - taken[best]
          ? k
          : best,
      );
      list.push(keyOf(kind, queues[kind][taken[kind]++]!));
    }
    return list;
  };

  // What each member off the panel did next that a list could have shown: the relevant items.
  const relevantOf = new Map<number, Set<string>>();
  for (const member of members) {
    if (member.index % PANEL_EVERY === 0) continue;
    const ok = eligible(member);
    const relevant = new Set<string>();
    for (const item of platform.future[member.index]!) {
      if (ok[item.kind](item.id)) relevant.add(keyOf(item.kind, item.id));
      else result.droppedIneligible += 1;
    }
    if (relevant.size > 0) relevantOf.set(member.index, relevant);
  }
  const judged = members.filter((m) => relevantOf.has(m.index)).slice(0, JUDGED);
  result.withHeldOut = relevantOf.size;

  // Everything a list may show the member, and how likely they were to take each of it: the
  // generator's own rates at the cut-off, which the held-out future was drawn from. Ranking by
  // them is the best any ranker can do on average: a ceiling for this platform.
  const allKeys = [
    ...members.map((m) => keyOf('user', m.id)),
    ...posts.map((p) => keyOf('post', p.id)),
    ...communities.map((c) => keyOf('community', c.id)),
  ];
  const eligibleKeys = (member: Member) => {
    const ok = eligible(member);
    return allKeys.filter((key) => ok[kindOf(key)](key.slice(key.indexOf(':') + 1)));
  };
  const rates = new NaturalRates(platform, platform.cutoff);
  const rateOf = (member: Member, key: string): number => {
    const id = key.slice(key.indexOf(':') + 1);
    switch (kindOf(key)) {
      case 'user':
        return rates.follow(member, memberById.get(id)!);
      case 'post':
        return rates.like(member, postById.get(id)!);
      case 'community':
        return rates.join(member, communityById.get(id)!);
    }
  };

  // Random lists first, one member after another, so that they do not depend on timing.
  for (const member of judged) {
    const pool = eligibleKeys(member);
    const list: string[] = [];
    for (let i = 0; i < 20 && i < pool.length; i++) {
      const j = i + randomBaseline.int(pool.length - i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      list.push(pool[i]!);
    }
    randomLists.set(member.index, list);
  }

  const started = performance.now();
  let done = 0;
  await forEachLimit(judged, CONCURRENCY, async (member) => {
    const relevant = relevantOf.get(member.index)!;
    done += 1;
    if (done % 100 === 0) {
      progress(`evaluated ${done} of ${judged.length} members (${seconds(started)})`);
    }
    result.evaluated += 1;
    const candidates: Candidate[] = await candidatesService.candidatesFor(member.id, new Date());
    const ranked = (w: number[]) =>
      mixTop(scoreCandidates(candidates, w), 20).map((item) =>
        keyOf(item.contentType, item.contentId),
      );
    tallies.starting.add(ranked(weights.starting), relevant);
    tallies.trained.add(ranked(weights.trained), relevant);
    tallies.popular.add(popularList(member, mostEngagedPosts), relevant);
    tallies.popularHot.add(popularList(member, hotPosts), relevant);
    tallies.random.add(randomLists.get(member.index)!, relevant);
    const byTrueRate = (keys: string[]) =>
      keys
        .map((key) => ({ key, rate: rateOf(member, key) }))
        .sort((a, b) => b.rate - a.rate || a.key.localeCompare(b.key))
        .slice(0, 20)
        .map((item) => item.key);
    tallies.oracle.add(byTrueRate(eligibleKeys(member)), relevant);
    tallies.oracleCandidates.add(
      byTrueRate(candidates.map((c) => keyOf(c.contentType, c.contentId))),
      relevant,
    );

    // Where the relevant items were: among the candidates at all, and what the missed ones were.
    const candidateKeys = new Set(candidates.map((c) => keyOf(c.contentType, c.contentId)));
    for (const c of candidates) result.candidatesByKind[c.contentType] += 1;
    for (const key of relevant) {
      const kind = kindOf(key);
      const id = key.slice(key.indexOf(':') + 1);
      result.relevantByKind[kind] += 1;
      if (candidateKeys.has(key)) {
        result.inCandidates[kind] += 1;
        continue;
      }
      if (kind === 'user') {
        const other = memberById.get(id)!;
        result.missedUsers.total += 1;
        if (other.group === member.group) result.missedUsers.sameTopic += 1;
        const viaFollowee = [...platform.follows[member.index]!].some((f) =>
          platform.follows[f]!.has(other.index),
        );
        if (viaFollowee) result.missedUsers.friendOfFriend += 1;
      } else if (kind === 'post') {
        const post = postById.get(id)!;
        result.missedPosts.total += 1;
        if (post.topic === member.group) result.missedPosts.sameTopic += 1;
        if (post.at < Date.now() - 7 * DAY_MS) result.missedPosts.olderThanWeek += 1;
      }
    }
  });
  return result;
}

async function main(): Promise<void> {
  Logger.overrideLogger(['warn', 'error']);
  const started = performance.now();
  const cutoff = Math.floor(Date.now() / 60_000) * 60_000;
  progress(`generating the platform (seed ${SEED}, ${MEMBERS} members, ${GROUPS} groups)`);
  const platform = generatePlatform(cutoff);
  progress(`${eventCount(platform)} events of the past, generated in ${seconds(started)}`);

  try {
    const database = await createTestDatabase('eval_recommendations');
    scratch.database = database;
    const redis = createTestRedisNamespace('eval-recommendations');
    scratch.redis = redis;
    const configEnv = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.keyPrefix,
      NODE_ENV: 'test',
      TRAINING_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    };
    const config = loadRecommendationsConfig(configEnv);
    await recommendationsService.migrate(config);

    // Identity's and communities' answers as a list is read: what the platform holds.
    const ownerFollows = new Set<string>();
    const ownerJoins = new Set<string>();
    platform.follows.forEach((set, m) =>
      set.forEach((f) => ownerFollows.add(`${platform.members[m]!.id}:${platform.members[f]!.id}`)),
    );
    platform.joined.forEach((set, m) =>
      set.forEach((c) =>
        ownerJoins.add(`${platform.members[m]!.id}:${platform.communities[c]!.id}`),
      ),
    );
    const owners = new RpcServer({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX });
    scratch.owners = owners;
    owners.handle('identity.followed-among', ({ followerId, ids }) =>
      Promise.resolve({ followed: ids.filter((id) => ownerFollows.has(`${followerId}:${id}`)) }),
    );
    owners.handle('communities.joined-among', ({ userId, ids }) =>
      Promise.resolve({ joined: ids.filter((id) => ownerJoins.has(`${userId}:${id}`)) }),
    );
    await owners.listen();
    let app = await openApp(config);

    let phase = performance.now();
    await applyPast(app.get(SignalsService), platform);
    await app.get(DataSource).query('ANALYZE');
    const applySeconds = seconds(phase);
    progress(`past applied in ${applySeconds}`);

    // Every method is judged on the platform the held-out future was drawn from: a copy made
    // before the panel's reactions, which are events of their own (1,500 follows, likes and
    // joins of what the model showed) and would otherwise move the popularity baseline with
    // whatever the model happened to show. The copy needs the database without connections.
    let judgedConfig = config;
    if (!JUDGE_AFTER_PANEL) {
      await closeApp();
      const judged = await createTestDatabase('eval_recommendations_judged', {
        template: database,
      });
      scratch.judgedDatabase = judged;
      judgedConfig = loadRecommendationsConfig({ ...configEnv, DATABASE_URL: judged.url });
      app = await openApp(config);
    }

    phase = performance.now();
    const rounds: { panel: PanelOutcome; training: TrainingRun }[] = [];
    for (let round = 1; round <= TRAINING_ROUNDS; round++) {
      const panel = await runPanel(app, platform, ownerFollows, ownerJoins);
      const training: TrainingRun = await app
        .get(TrainingWorker)
        .run(new Date(Date.now() + (config.IGNORED_AFTER_HOURS + 1) * HOUR_MS));
      rounds.push({ panel, training });
      progress(`round ${round}: ${training.reason}`);
    }
    const trained = (await app.get(ModelService).current()).weights;
    const trainingSeconds = seconds(phase);
    progress(`panel and training in ${trainingSeconds}`);
    if (judgedConfig !== config) {
      await closeApp();
      app = await openApp(judgedConfig);
    }

    phase = performance.now();
    const c = platform.counts;
    const pastTotal =
      (c['follows'] ?? 0) + (c['likes'] ?? 0) + (c['retweets'] ?? 0) + (c['joins'] ?? 0);
    const pastShares: Record<RecommendationContentType, number> = {
      user: (c['follows'] ?? 0) / pastTotal,
      post: ((c['likes'] ?? 0) + (c['retweets'] ?? 0)) / pastTotal,
      community: (c['joins'] ?? 0) / pastTotal,
    };
    const starting = FEATURE_NAMES.map((name) => STARTING_WEIGHTS[name]);
    const evaluation = await evaluate(
      app,
      app.get(DataSource),
      platform,
      { starting, trained },
      pastShares,
    );
    const evaluationSeconds = seconds(phase);
    progress(`evaluation in ${evaluationSeconds}`);

    report(platform, rounds, { starting, trained }, evaluation, pastShares);
    say();
    say(
      `Runtime ${seconds(started)}: past applied ${applySeconds}, panel and training ${trainingSeconds}, evaluation ${evaluationSeconds}.`,
    );
  } finally {
    await cleanUp();
  }
}

/** Starts the service in-process on the given stores (the scratch database or its copy). */
async function openApp(
  config: ReturnType<typeof loadRecommendationsConfig>,
): Promise<NestFastifyApplication> {
  const app = await recommendationsService.createApp(config);
  scratch.app = app;
  await app.init();
  return app;
}

async function closeApp(): Promise<void> {
  await scratch.app?.close();
  scratch.app = undefined;
}

/** What the run made, to clean up at its end or when interrupted. */
const scratch: {
  database?: TestDatabase;
  /** The copy of the platform before the panel's reactions, which every method is judged on. */
  judgedDatabase?: TestDatabase;
  redis?: TestRedisNamespace;
  app?: NestFastifyApplication;
  owners?: RpcServer;
  done?: Promise<void>;
} = {};

/** Closes the app and drops the scratch database and Redis keys (once). */
function cleanUp(): Promise<void> {
  scratch.done ??= (async () => {
    await scratch.owners?.close().catch(() => undefined);
    await scratch.app?.close().catch(() => undefined);
    for (const database of [scratch.database, scratch.judgedDatabase]) {
      await database
        ?.drop()
        .catch((error: unknown) => progress(`database not dropped: ${String(error)}`));
    }
    await scratch.redis
      ?.cleanup()
      .catch((error: unknown) => progress(`Redis keys not deleted: ${String(error)}`));
  })();
  return scratch.done;
}

// Interrupted (Ctrl-C, a timeout): clean up before leaving (this listener keeps the process
// alive until the database is gone).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!scratch.done) progress(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function report(
  platform: Platform,
  rounds: readonly { panel: PanelOutcome; training: TrainingRun }[],
  weights: { starting: number[]; trained: number[] },
  evaluation: Evaluation,
  pastShares: Record<RecommendationContentType, number>,
): void {
  const c = platform.counts;
  const futureTotal = platform.future.reduce((n, items) => n + items.length, 0);
  say(`# Recommendations: offline evaluation (seed ${SEED})`);
  say();
  say(
    `Platform: ${MEMBERS} members in ${GROUPS} planted groups (${CELEBRITIES} celebrities), ` +
      `${platform.communities.length} communities, ${eventCount(platform)} events over ${PAST_DAYS} days ` +
      `(${c['follows'] ?? 0} follows, ${c['unfollows'] ?? 0} unfollows, ${c['posts'] ?? 0} posts, ` +
      `${c['deleted posts'] ?? 0} deleted, ${c['likes'] ?? 0} likes, ${c['retweets'] ?? 0} retweets, ` +
      `${c['joins'] ?? 0} joins, ${c['community posts'] ?? 0} community posts, ` +
      `${c['hashtag searches'] ?? 0} hashtag searches).`,
  );
  say(
    `Held out (the next ${FUTURE_DAYS} days, never applied): ${futureTotal} interactions ` +
      `(${c['future follows'] ?? 0} follows, ${c['future celebrity follows'] ?? 0} of them of celebrities; ` +
      `${c['future likes'] ?? 0} likes; ${c['future joins'] ?? 0} joins). Of those of members off the ` +
      `panel, ${evaluation.droppedIneligible} were of items no list may show (posts of people they ` +
      `already follow) and do not count.`,
  );
  const groups = Array.from({ length: GROUPS }, (_, g) => {
    const size = platform.members.filter((m) => m.group === g).length;
    return `${TOPICS[g]!.name} ${size} (#${TOPICS[g]!.tags.join(' #')})`;
  });
  say(`Groups: ${groups.join('; ')}.`);
  say();
  for (const [i, { panel, training }] of rounds.entries()) {
    const m = training.metrics;
    say(
      `Round ${i + 1}: the panel, ${panel.members} members (one in ${PANEL_EVERY}), shown ${SHOWN} items ` +
        `each by the weights in use: ${panel.shown} shown (${panel.shownByKind.user} people, ` +
        `${panel.shownByKind.post} posts, ${panel.shownByKind.community} communities), ${panel.acted} ` +
        `acted on (${panel.actedByKind.user} follows, ${panel.actedByKind.post} likes, ` +
        `${panel.actedByKind.community} joins), ${panel.clicked} clicked, ${panel.dismissed} dismissed, ` +
        `the rest ignored. Training: ${training.reason}` +
        (training.modelId ? ` (model ${training.modelId} kept)` : ' (not kept)') +
        (m
          ? `; ${m.samples} samples, ${m.positives} positive, ${m.holdout} of held-out members: ` +
            `log loss ${fixed(m.holdoutLogLoss)} (weights in use ${fixed(m.currentLogLoss)}), ` +
            `AUC ${fixed(m.holdoutAuc)} (weights in use ${fixed(m.currentAuc)})`
          : '') +
        '.',
    );
    say();
  }
  say('| feature | starting | trained |');
  say('| --- | ---: | ---: |');
  FEATURE_NAMES.forEach((name, i) =>
    say(`| ${name} | ${fixed(weights.starting[i]!, 2)} | ${fixed(weights.trained[i]!, 2)} |`),
  );
  say();
  say(
    `Judged: ${evaluation.evaluated} members, the first of the ${evaluation.withHeldOut} off the ` +
      `panel with a held-out item (${evaluation.relevantByKind.user} people, ` +
      `${evaluation.relevantByKind.post} posts, ${evaluation.relevantByKind.community} communities to find), ` +
      (JUDGE_AFTER_PANEL
        ? "on the platform after the panel's reactions (EVAL_JUDGE_AFTER_PANEL)."
        : "on the platform before the panel's reactions, the one the future was drawn from."),
  );
  say();
  say(
    '| method | precision@5 | recall@20 | NDCG@10 | hits in top 5: people / posts / communities | listed in top 20: people / posts / communities |',
  );
  say('| --- | ---: | ---: | ---: | --- | --- |');
  for (const t of evaluation.tallies) {
    say(
      `| ${t.name} | ${fixed(t.mean('precision5'))} | ${fixed(t.mean('recall20'))} | ${fixed(t.mean('ndcg10'))} | ` +
        `${t.hitsAt5.user} / ${t.hitsAt5.post} / ${t.hitsAt5.community} | ` +
        `${t.listed.user} / ${t.listed.post} / ${t.listed.community} |`,
    );
  }
  const [starting, trained, popular, popularHot, , oracle] = evaluation.tallies as [
    Tally,
    Tally,
    Tally,
    Tally,
    Tally,
    Tally,
  ];
  const bestPopular =
    popular.mean('precision5') >= popularHot.mean('precision5') ? popular : popularHot;
  const ratio = (t: Tally) =>
    bestPopular.mean('precision5') > 0
      ? fixed(t.mean('precision5') / bestPopular.mean('precision5'), 2)
      : 'n/a';
  say();
  say(
    `precision@5 over the better popularity baseline: trained model ${ratio(trained)}, starting ` +
      `weights ${ratio(starting)}, the oracle ${ratio(oracle)} (goal: 2). The trained model has ` +
      `${fixed((100 * trained.mean('precision5')) / Math.max(1e-9, oracle.mean('precision5')), 0)}% of ` +
      `the oracle's precision@5.`,
  );
  say(
    `Popularity lists mix the kinds by their shares of past interactions: people ` +
      `${fixed(pastShares.user, 2)}, posts ${fixed(pastShares.post, 2)}, communities ${fixed(pastShares.community, 2)}.`,
  );
  say();
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : 'n/a');
  const label = { user: 'people', post: 'posts', community: 'communities' } as const;
  const perMember = (k: RecommendationContentType) =>
    (evaluation.candidatesByKind[k] / Math.max(1, evaluation.evaluated)).toFixed(0);
  say(
    `Candidates per judged member: ${KINDS.map((k) => `${perMember(k)} ${label[k]}`).join(', ')}; ` +
      `the held-out items among them: ${KINDS.map((k) => `${label[k]} ${pct(evaluation.inCandidates[k], evaluation.relevantByKind[k])}`).join(', ')}.`,
  );
  const mu = evaluation.missedUsers;
  const mp = evaluation.missedPosts;
  say(
    `Missed by every source: ${mu.total} people (${pct(mu.sameTopic, mu.total)} of the member's own topic, ` +
      `${pct(mu.friendOfFriend, mu.total)} followed by someone they follow), ${mp.total} posts ` +
      `(${pct(mp.sameTopic, mp.total)} of their topic, ${pct(mp.olderThanWeek, mp.total)} older than 7 days).`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
