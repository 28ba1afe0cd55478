import { DAY_MS, DEMO_DAYS, DemoClock } from './clock';
import type { DemoData } from './generate';
import { DEMO_SIZES } from './generate';
import { DemoRandom, WeightedTable } from './random';

/** A post as analytics knows it, with what happened to it. */
export interface ViewablePost {
  id: string;
  authorId: string;
  parentId: string | null;
  createdAt: Date;
  likes: number;
  retweets: number;
  replies: number;
}

/** Who viewed: a member, or a visitor (the gateway's 32-hex-digit visitor key). */
export type DemoViewer = { userId: string; visitor: null } | { userId: null; visitor: string };

export interface DemoPageView {
  at: Date;
  url: string;
  viewer: DemoViewer;
}

export interface DemoPostView {
  at: Date;
  postId: string;
  authorId: string;
  viewer: DemoViewer;
}

export interface DemoViews {
  pageViews: DemoPageView[];
  /** At most one per viewer, post and UTC day, as analytics counts them. */
  postViews: DemoPostView[];
}

/** Pages people read besides profiles and posts, with how often. */
const SITE_PAGES: readonly [path: string, weight: number][] = [
  ['/', 30],
  ['/explore', 14],
  ['/communities', 8],
  ['/about', 1],
  ['/features', 1],
  ['/help', 1],
];

/**
 * Thirty days of reading: page views spread over the days (busier lately and
 * in the daytime) and views of the posts analytics knows, in proportion to
 * what happened to them and mostly in their first day or two. Members
 * (`memberIds`) read as themselves, everyone else as a visitor.
 */
export function generateDemoViews(
  data: DemoData,
  posts: readonly ViewablePost[],
  memberIds: readonly string[],
): DemoViews {
  const random = new DemoRandom(`wave-demo/${data.size}`).fork('views');
  const clock = new DemoClock(data.now, random.fork('times'));
  const visitors = Array.from({ length: Math.max(20, memberIds.length * 6) }, () => random.hex32());
  const viewer = (): DemoViewer =>
    memberIds.length > 0 && random.chance(0.4)
      ? { userId: random.pick(memberIds), visitor: null }
      : { userId: null, visitor: random.pick(visitors) };

  const postViews: DemoPostView[] = [];
  const seen = new Set<string>();
  for (const post of posts) {
    const interest = 8 + 6 * post.likes + 12 * post.retweets + 4 * post.replies;
    const count = Math.round(interest * (post.parentId ? 0.3 : 1) * (0.5 + random.next()));
    for (let index = 0; index < count; index += 1) {
      // Most views come in the first day; some trickle in later.
      const at = clock.after(post.createdAt, random.chance(0.8) ? 10 : 96);
      const who = viewer();
      const key = `${Math.floor(at.getTime() / DAY_MS)} ${post.id} ${who.userId ?? who.visitor}`;
      if (who.userId === post.authorId || seen.has(key)) continue;
      seen.add(key);
      postViews.push({ at, postId: post.id, authorId: post.authorId, viewer: who });
    }
  }

  const profiles = data.members.map((member, index): [string, number] => [
    `/profile/${member.username}`,
    // The founders and the early members are read most.
    member.founder ? 6 : 3 / (1 + index / 10),
  ]);
  const postPages = posts
    .filter((post) => !post.parentId)
    .map((post): [string, number] => [`/tweet/${post.id}`, 1 + post.likes + post.retweets]);
  const pages = new WeightedTable(
    [
      ...weighed(SITE_PAGES, 45),
      ...weighed(profiles, 25),
      ...weighed(postPages, postPages.length > 0 ? 30 : 0),
    ],
    ([, weight]) => weight,
  );
  const pageViews: DemoPageView[] = [];
  const total = DEMO_SIZES[data.size].pageViewsPerDay * DEMO_DAYS;
  for (let index = 0; index < total; index += 1) {
    const [url] = random.fromTable(pages);
    pageViews.push({ at: clock.inWindow(), url, viewer: viewer() });
  }
  pageViews.sort((a, b) => a.at.getTime() - b.at.getTime());
  postViews.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { pageViews, postViews };
}

/** The pages with weights scaled so that together they weigh `share`. */
function weighed(pages: readonly (readonly [string, number])[], share: number): [string, number][] {
  const total = pages.reduce((sum, [, weight]) => sum + weight, 0);
  return total > 0 ? pages.map(([path, weight]) => [path, (share * weight) / total]) : [];
}
