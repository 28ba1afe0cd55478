import { DAY_MS, DEMO_DAYS } from './clock';
import { DEMO_SIZES, generateDemoData } from './generate';
import type { ViewablePost } from './views';
import { generateDemoViews } from './views';

const NOW = new Date('2026-11-25T15:30:00.000Z');
const data = generateDemoData('default', NOW);
const id = (index: number) => `0190b1de-0000-7000-8000-${String(index).padStart(12, '0')}`;
const authors = [id(9001), id(9002), id(9003)];
const posts: ViewablePost[] = data.posts.map((post, index) => ({
  id: id(index),
  authorId: authors[index % authors.length]!,
  parentId: post.parent === null ? null : id(post.parent),
  createdAt: post.at,
  likes: post.likes.length,
  retweets: post.retweets.length,
  replies: 0,
}));

describe(generateDemoViews.name, () => {
  const sut = generateDemoViews(data, posts, authors);

  it('gives the same views every time', () => {
    expect(generateDemoViews(data, posts, authors)).toEqual(sut);
  });

  it('spreads the page views over the thirty days, on the site, profiles and posts', () => {
    expect(sut.pageViews).toHaveLength(DEMO_SIZES.default.pageViewsPerDay * DEMO_DAYS);
    const days = new Set(sut.pageViews.map((view) => Math.floor(view.at.getTime() / DAY_MS)));
    expect(days.size).toBeGreaterThanOrEqual(DEMO_DAYS);
    for (const view of sut.pageViews) {
      expect(view.at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(view.at.getTime()).toBeGreaterThan(NOW.getTime() - DEMO_DAYS * DAY_MS);
    }
    const paths = sut.pageViews.map((view) => view.url);
    expect(paths).toContain('/');
    expect(paths.some((path) => path.startsWith('/profile/'))).toBe(true);
    expect(paths.some((path) => path.startsWith('/tweet/'))).toBe(true);
  });

  it('views each post after it was made, once per viewer a day, never by its author', () => {
    const created = new Map(posts.map((post) => [post.id, post]));
    const keys = new Set<string>();
    for (const view of sut.postViews) {
      const post = created.get(view.postId)!;
      expect(view.authorId).toBe(post.authorId);
      expect(view.at.getTime()).toBeGreaterThanOrEqual(post.createdAt.getTime());
      expect(view.at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(view.viewer.userId).not.toBe(post.authorId);
      const key = `${Math.floor(view.at.getTime() / DAY_MS)} ${view.postId} ${view.viewer.userId ?? view.viewer.visitor}`;
      expect(keys.has(key)).toBe(false);
      keys.add(key);
    }
    expect(sut.postViews.length).toBeGreaterThan(posts.length * 5);
    expect(sut.postViews.some((view) => view.viewer.visitor?.match(/^[0-9a-f]{32}$/))).toBe(true);
  });

  it('views the most liked posts most', () => {
    const viewsOf = new Map<string, number>();
    for (const view of sut.postViews) viewsOf.set(view.postId, (viewsOf.get(view.postId) ?? 0) + 1);
    const ranked = [...posts].filter((post) => !post.parentId).sort((a, b) => b.likes - a.likes);
    const mean = (list: ViewablePost[]) =>
      list.reduce((sum, post) => sum + (viewsOf.get(post.id) ?? 0), 0) / list.length;
    expect(mean(ranked.slice(0, 20))).toBeGreaterThan(2 * mean(ranked.slice(-100)));
  });
});
