import { isReservedUsername, TWEET_MAX_LENGTH } from '@wave/contracts';
import type { CommunityCategory } from '@wave/contracts';
import type { DemoCommunityFounding } from './communities.constant';
import { DEMO_COMMUNITY_CATALOGUE } from './communities.constant';
import { DEMO_DAYS, DemoClock, HOUR_MS, MINUTE_MS } from './clock';
import { DEMO_ACCOUNTS, demoEmail, FOUNDER_FOLLOWS, FOUNDER_POSTS } from './founders.constant';
import { FIRST_NAMES, LAST_NAMES, PLACES } from './names.constant';
import { DemoRandom, WeightedTable } from './random';
import type { DemoTopicName } from './topics.constant';
import {
  COMMENT_SENTENCES,
  DEMO_TOPIC_NAMES,
  DEMO_TOPICS,
  REPLY_SENTENCES,
  TRENDING_HASHTAGS,
  TRENDING_OPENERS,
  WEEKDAYS,
} from './topics.constant';

/** How big the demo community is: `npm run seed -- --size large` for ten times the default. */
export const DEMO_SIZES = {
  default: { members: 50, posts: 600, communityPosts: 90, pageViewsPerDay: 300 },
  large: { members: 500, posts: 6000, communityPosts: 900, pageViewsPerDay: 3000 },
} as const;
export type DemoSizeName = keyof typeof DEMO_SIZES;
export const DEMO_SIZE_NAMES = Object.keys(DEMO_SIZES) as DemoSizeName[];

/** Share of replies among the posts. */
const REPLY_SHARE = 0.25;
/** Share of top-level posts with a picture. */
const PICTURE_SHARE = 0.12;

/** A picture the seeds draw (see `renderDemoPicture`): the same spec gives the same bytes. */
export interface DemoPicture {
  kind: 'avatar' | 'cover' | 'art' | 'icon';
  /** Seeds the shapes; unique per picture. */
  seed: string;
  palette: readonly [string, string, string];
  /** Drawn on avatars and icons. */
  initials: string;
}

export interface DemoMember {
  username: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  bio: string;
  topics: DemoTopicName[];
  founder: boolean;
  joinedAt: Date;
  /** How much they post, relative to others (heavy-tailed: a few post a lot). */
  activity: number;
  avatar: DemoPicture;
  cover: DemoPicture;
}

export interface DemoFollow {
  follower: string;
  followee: string;
  at: Date;
}

/** A like, retweet or community-post like. */
export interface DemoInteraction {
  username: string;
  at: Date;
}

/** A post or a reply; `posts` are in time order, and a reply comes after its parent. */
export interface DemoPost {
  author: string;
  content: string;
  at: Date;
  /** The index (in `posts`) of the post this one replies to. */
  parent: number | null;
  picture: DemoPicture | null;
  likes: DemoInteraction[];
  retweets: DemoInteraction[];
}

export interface DemoComment {
  author: string;
  content: string;
  at: Date;
}

export interface DemoCommunityPost {
  author: string;
  content: string;
  at: Date;
  picture: DemoPicture | null;
  comments: DemoComment[];
  likes: DemoInteraction[];
}

export interface DemoCommunity {
  name: string;
  description: string;
  category: CommunityCategory;
  topic: DemoTopicName;
  isPrivate: boolean;
  rules: string[];
  owner: string;
  createdAt: Date;
  icon: DemoPicture;
  /** Everyone but the owner, in the order they joined. */
  members: DemoInteraction[];
  /** In time order. */
  posts: DemoCommunityPost[];
}

export interface DemoData {
  size: DemoSizeName;
  now: Date;
  /** The founders first, then everyone else, in the order they joined. */
  members: DemoMember[];
  /** In time order. */
  follows: DemoFollow[];
  posts: DemoPost[];
  communities: DemoCommunity[];
}

/**
 * The demo community: the same members, follows, posts, communities and
 * pictures for a size on every run, placed in time before `now` (which only
 * moves the dates). Every service's seed reads it and writes its own part.
 */
export function generateDemoData(size: DemoSizeName, now: Date): DemoData {
  const random = new DemoRandom(`wave-demo/${size}`);
  const clock = new DemoClock(now, random.fork('times'));
  const members = generateMembers(random.fork('members'), DEMO_SIZES[size].members, clock);
  const follows = generateFollows(random.fork('follows'), members, clock);
  const posts = generatePosts(
    random.fork('posts'),
    members,
    follows,
    clock,
    DEMO_SIZES[size].posts,
  );
  const communities = generateCommunities(
    random.fork('communities'),
    members,
    clock,
    DEMO_SIZES[size].communityPosts,
  );
  return { size, now, members, follows, posts, communities };
}

/** Fills `{x}`, `{n}` and `{day}` in a sentence. */
function fill(random: DemoRandom, sentence: string, fills: readonly string[]): string {
  return sentence
    .replace('{x}', () => (fills.length > 0 ? random.pick(fills) : 'this'))
    .replace('{n}', () => String(random.int(2, 12)))
    .replace('{day}', () => random.pick(WEEKDAYS));
}

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

function generateMembers(random: DemoRandom, count: number, clock: DemoClock): DemoMember[] {
  const members: DemoMember[] = DEMO_ACCOUNTS.map((account, index) => {
    const [firstName = null, lastName = null] = account.displayName.split(' ');
    const topics = [...account.topics];
    return {
      username: account.username,
      displayName: account.displayName,
      firstName,
      lastName,
      email: demoEmail(account.username),
      bio: account.bio,
      topics,
      founder: true,
      // The founders were first, a little over two years ago.
      joinedAt: clock.daysAgo(800 - index * 7),
      activity: 3 + random.pareto(1.5),
      avatar: picture('avatar', account.username, topics[0], initialsOf(account.displayName)),
      cover: picture('cover', account.username, topics[1], ''),
    };
  });
  const taken = new Set(members.map((member) => member.username));
  const others: DemoMember[] = [];
  while (members.length + others.length < count) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const base = `${firstName}_${lastName}`.toLowerCase().slice(0, 26);
    let username = base;
    for (let suffix = 2; taken.has(username) || isReservedUsername(username); suffix += 1) {
      username = `${base}${suffix}`;
    }
    taken.add(username);
    const topics = random.sample(DEMO_TOPIC_NAMES, random.int(1, 3));
    const [topic = 'programming'] = topics;
    const role = random.pick(DEMO_TOPICS[topic].roles);
    const tags = topics
      .map((name) => `#${random.pick(DEMO_TOPICS[name].hashtags)}`)
      .join(', ')
      .replace(/, ([^,]*)$/, ' and $1');
    const displayName = `${firstName} ${lastName}`;
    // One in ten joined during the window: the community keeps growing.
    const joinedAt = random.chance(0.1)
      ? clock.daysAgo(random.int(1, DEMO_DAYS - 5))
      : clock.daysAgo(random.int(DEMO_DAYS + 10, 700));
    others.push({
      username,
      displayName,
      firstName,
      lastName,
      email: demoEmail(username),
      bio: `${role} in ${random.pick(PLACES)}. Here for ${tags}.`.slice(0, 160),
      topics,
      founder: false,
      joinedAt,
      activity: random.pareto(1.4),
      avatar: picture('avatar', username, topic, initialsOf(displayName)),
      cover: picture('cover', username, topics[1] ?? topic, ''),
    });
  }
  others.sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
  return [...members, ...others];
}

function picture(
  kind: DemoPicture['kind'],
  seed: string,
  topic: DemoTopicName | undefined,
  initials: string,
): DemoPicture {
  return {
    kind,
    seed: `${kind}:${seed}`,
    palette: DEMO_TOPICS[topic ?? 'programming'].palette,
    initials,
  };
}

const sharedTopics = (a: DemoMember, b: DemoMember): number =>
  a.topics.filter((topic) => b.topics.includes(topic)).length;

/**
 * A follow graph shaped like a real one: each member, in the order they
 * joined, follows a heavy-tailed number of others, chosen in proportion to the
 * followers they have already (preferential attachment: the popular get more
 * popular) and to the topics they share; some follow back. Follows happen
 * mostly soon after both joined, so the window still sees some.
 */
function generateFollows(
  random: DemoRandom,
  members: DemoMember[],
  clock: DemoClock,
): DemoFollow[] {
  const followers = new Map<string, number>(members.map((member) => [member.username, 0]));
  const following = new Map<string, number>(members.map((member) => [member.username, 0]));
  const edges = new Set<string>();
  const follows: DemoFollow[] = [];
  const add = (follower: DemoMember, followee: DemoMember): void => {
    const key = `${follower.username} ${followee.username}`;
    if (follower === followee || edges.has(key)) return;
    edges.add(key);
    followers.set(followee.username, (followers.get(followee.username) ?? 0) + 1);
    following.set(follower.username, (following.get(follower.username) ?? 0) + 1);
    const since = new Date(Math.max(follower.joinedAt.getTime(), followee.joinedAt.getTime()));
    // Early in their time here, more often than not.
    const at = new Date(
      since.getTime() + random.next() ** 2 * (clock.now.getTime() - since.getTime() - MINUTE_MS),
    );
    follows.push({ follower: follower.username, followee: followee.username, at });
  };
  const byName = new Map(members.map((member) => [member.username, member]));
  for (const [follower, followee] of FOUNDER_FOLLOWS) {
    const a = byName.get(follower);
    const b = byName.get(followee);
    if (a && b) add(a, b);
  }
  const limit = members.length - 1;
  for (const member of members) {
    const wanted = Math.min(limit, Math.round(3.5 * random.pareto(1.3)));
    for (let attempt = 0; attempt < wanted * 3; attempt += 1) {
      if ((following.get(member.username) ?? 0) >= wanted) break;
      const followee = random.weighted(members, (other) =>
        other === member
          ? 0
          : ((followers.get(other.username) ?? 0) + 1) *
            (1 + 1.5 * sharedTopics(member, other)) *
            (other.founder ? 2 : 1),
      );
      add(member, followee);
      if (random.chance(0.25)) add(followee, member);
    }
  }
  return follows.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** A top-level post's words: one of the author's topics, hashtags, maybe a mention or a trend. */
function postText(
  random: DemoRandom,
  author: DemoMember,
  at: Date,
  now: Date,
  following: string[],
): { content: string; topic: DemoTopicName } {
  const topic: DemoTopicName = random.chance(0.85)
    ? random.pick(author.topics)
    : random.pick(DEMO_TOPIC_NAMES);
  const spec: (typeof DEMO_TOPICS)[DemoTopicName] = DEMO_TOPICS[topic];
  let text = fill(random, random.pick(spec.sentences), spec.fills);
  let tags = random.sample(spec.hashtags, random.chance(0.3) ? 2 : 1).map((tag) => `#${tag}`);
  if (now.getTime() - at.getTime() < 36 * HOUR_MS && random.chance(0.45)) {
    // Joins the conversation of the day instead.
    const trend = random.pick(TRENDING_HASHTAGS);
    text = fill(random, random.pick(TRENDING_OPENERS[trend]), []);
    tags = [`#${trend}`, ...tags.slice(0, random.int(0, 1))];
  }
  if (following.length > 0 && random.chance(0.1)) text = `${text} cc @${random.pick(following)}`;
  return { content: `${text} ${tags.join(' ')}`.slice(0, TWEET_MAX_LENGTH), topic };
}

function generatePosts(
  random: DemoRandom,
  members: DemoMember[],
  follows: DemoFollow[],
  clock: DemoClock,
  count: number,
): DemoPost[] {
  const byName = new Map(members.map((member) => [member.username, member]));
  const followersOf = new Map<string, Set<string>>();
  const followingOf = new Map<string, string[]>();
  for (const follow of follows) {
    if (!followersOf.has(follow.followee)) followersOf.set(follow.followee, new Set());
    followersOf.get(follow.followee)?.add(follow.follower);
    followingOf.set(follow.follower, [
      ...(followingOf.get(follow.follower) ?? []),
      follow.followee,
    ]);
  }
  const appeal = (username: string) => Math.log2(2 + (followersOf.get(username)?.size ?? 0));
  // Everyone who has joined at least an hour ago may post; the active ones post most.
  const posters = members.filter(
    (member) => member.joinedAt < new Date(clock.now.getTime() - HOUR_MS),
  );

  interface Draft extends Omit<DemoPost, 'parent'> {
    parent: Draft | null;
  }
  const drafts: Draft[] = [];
  const replies = Math.round(count * REPLY_SHARE);
  const founderPosts = FOUNDER_POSTS.filter((post) => byName.has(post.username));
  for (const post of founderPosts) {
    const author = byName.get(post.username) as DemoMember;
    drafts.push({
      author: author.username,
      content: post.content,
      at: clock.inWindow(author.joinedAt),
      parent: null,
      picture: null,
      likes: [],
      retweets: [],
    });
  }
  const topLevel = count - replies;
  const byActivity = new WeightedTable(posters, (member) => member.activity);
  for (let index = drafts.length; index < topLevel; index += 1) {
    const author = random.fromTable(byActivity);
    const at = clock.inWindow(author.joinedAt);
    const { content, topic } = postText(
      random,
      author,
      at,
      clock.now,
      followingOf.get(author.username) ?? [],
    );
    drafts.push({
      author: author.username,
      content,
      at,
      parent: null,
      picture: random.chance(PICTURE_SHARE)
        ? picture('art', `${author.username}/${index}`, topic, '')
        : null,
      likes: [],
      retweets: [],
    });
  }
  const originals = [...drafts];
  for (let index = 0; index < replies; index += 1) {
    // Threads: one reply in five answers a reply, often from the post's author.
    const thread = drafts.length > originals.length && random.chance(0.2);
    const parent = thread
      ? random.pick(drafts.slice(originals.length))
      : random.weighted(originals, (post) => appeal(post.author));
    const root = rootOf(parent);
    const candidates = posters.filter((member) => member.username !== parent.author);
    const author =
      thread && root.author !== parent.author && random.chance(0.6)
        ? (byName.get(root.author) as DemoMember)
        : random.weighted(candidates, (member) =>
            followersOf.get(parent.author)?.has(member.username) ? 4 : 1,
          );
    drafts.push({
      author: author.username,
      content: fill(random, random.pick(REPLY_SENTENCES), []),
      at: clock.after(new Date(Math.max(parent.at.getTime(), author.joinedAt.getTime())), 3),
      parent,
      picture: null,
      likes: [],
      retweets: [],
    });
  }
  for (const post of drafts) {
    const audience = posters.filter((member) => member.username !== post.author);
    const followers = followersOf.get(post.author);
    const weightOf = (member: DemoMember) => (followers?.has(member.username) ? 4 : 1);
    const scale = post.parent ? 0.15 : 0.35;
    const likes = Math.min(
      audience.length,
      Math.floor(scale * appeal(post.author) * random.pareto(2) * random.next() * 2),
    );
    post.likes = interactions(random, clock, post.at, audience, likes, weightOf);
    if (!post.parent) {
      const retweets = Math.min(likes, Math.floor(likes * random.next() * 0.6));
      post.retweets = interactions(random, clock, post.at, audience, retweets, weightOf);
    }
  }
  drafts.sort((a, b) => a.at.getTime() - b.at.getTime());
  const indexOf = new Map(drafts.map((draft, index) => [draft, index]));
  return drafts.map((draft) => ({
    ...draft,
    parent: draft.parent ? (indexOf.get(draft.parent) ?? null) : null,
  }));
}

function rootOf<T extends { parent: T | null }>(post: T): T {
  let root = post;
  while (root.parent) root = root.parent;
  return root;
}

/** `count` distinct members, each at a time after `after` (and after they joined). */
function interactions(
  random: DemoRandom,
  clock: DemoClock,
  after: Date,
  audience: DemoMember[],
  count: number,
  weightOf: (member: DemoMember) => number,
): DemoInteraction[] {
  const chosen: DemoInteraction[] = [];
  const left = [...audience];
  while (chosen.length < count && left.length > 0) {
    const member = random.weighted(left, weightOf);
    left.splice(left.indexOf(member), 1);
    const since = new Date(Math.max(after.getTime(), member.joinedAt.getTime()));
    chosen.push({ username: member.username, at: clock.after(since, 6) });
  }
  return chosen.sort((a, b) => a.at.getTime() - b.at.getTime());
}

function generateCommunities(
  random: DemoRandom,
  members: DemoMember[],
  clock: DemoClock,
  postCount: number,
): DemoCommunity[] {
  const byName = new Map(members.map((member) => [member.username, member]));
  const communities = DEMO_COMMUNITY_CATALOGUE.map((founding, index) =>
    communityOf(random, founding, index, members, byName, clock),
  );
  // Generated posts go where the members are.
  for (let index = 0; index < postCount; index += 1) {
    const community = random.weighted(communities, (item) => 1 + item.members.length);
    const authors = community.members.filter((member) => member.at < clock.now);
    const author = authors.length > 0 ? random.pick(authors) : null;
    if (!author) continue;
    const topic = DEMO_TOPICS[community.topic];
    const at = clock.inWindow(
      new Date(Math.max(author.at.getTime(), community.createdAt.getTime())),
    );
    community.posts.push(
      communityPost(
        random,
        clock,
        community,
        author.username,
        fill(random, random.pick(topic.sentences), topic.fills),
        at,
        index,
      ),
    );
  }
  for (const community of communities) {
    community.posts.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
  return communities;
}

function communityOf(
  random: DemoRandom,
  founding: DemoCommunityFounding,
  index: number,
  members: DemoMember[],
  byName: Map<string, DemoMember>,
  clock: DemoClock,
): DemoCommunity {
  const createdAt = clock.daysAgo(DEMO_DAYS + 5 + index * 3);
  const joined = new Set<string>([founding.owner, ...founding.members]);
  const memberships: DemoInteraction[] = founding.members.map((username) => ({
    username,
    at: clock.after(createdAt, 24),
  }));
  for (const member of members) {
    if (joined.has(member.username)) continue;
    const likes = member.topics.includes(founding.topic);
    if (!random.chance(likes ? 0.8 : 0.06)) continue;
    joined.add(member.username);
    memberships.push({
      username: member.username,
      at: clock.between(new Date(Math.max(createdAt.getTime(), member.joinedAt.getTime()))),
    });
  }
  memberships.sort((a, b) => a.at.getTime() - b.at.getTime());
  const community: DemoCommunity = {
    name: founding.name,
    description: founding.description,
    category: founding.category,
    topic: founding.topic,
    isPrivate: founding.isPrivate ?? false,
    rules: founding.rules,
    owner: founding.owner,
    createdAt,
    icon: picture('icon', founding.name, founding.topic, initialsOf(founding.name)),
    members: memberships,
    posts: [],
  };
  for (const [postIndex, post] of founding.posts.entries()) {
    const author = byName.get(post.username);
    if (!author) continue;
    community.posts.push(
      communityPost(
        random,
        clock,
        community,
        post.username,
        post.content,
        clock.inWindow(),
        -1 - postIndex,
      ),
    );
  }
  return community;
}

function communityPost(
  random: DemoRandom,
  clock: DemoClock,
  community: DemoCommunity,
  author: string,
  content: string,
  at: Date,
  index: number,
): DemoCommunityPost {
  const others = [
    { username: community.owner, at: community.createdAt },
    ...community.members,
  ].filter((member) => member.username !== author);
  const commenters = random.sample(
    others,
    Math.min(others.length, Math.floor(random.pareto(1.6) * 1.5) - 1),
  );
  const comments = commenters
    .map((member) => ({
      author: member.username,
      content: fill(random, random.pick(COMMENT_SENTENCES), []),
      at: clock.after(new Date(Math.max(at.getTime(), member.at.getTime())), 8),
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const likers = random.sample(
    others,
    Math.min(others.length, Math.floor(random.pareto(1.5) * 2) - 1),
  );
  return {
    author,
    content,
    at,
    picture: random.chance(0.12)
      ? picture('art', `${community.name}/${index}`, community.topic, '')
      : null,
    comments,
    likes: likers
      .map((member) => ({
        username: member.username,
        at: clock.after(new Date(Math.max(at.getTime(), member.at.getTime())), 10),
      }))
      .sort((a, b) => a.at.getTime() - b.at.getTime()),
  };
}
