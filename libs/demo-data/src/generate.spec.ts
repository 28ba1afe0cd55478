import {
  COMMUNITY_CATEGORIES,
  isReservedUsername,
  TWEET_MAX_LENGTH,
  USERNAME_PATTERN,
} from '@wave/contracts';
import { DAY_MS, DEMO_DAYS } from './clock';
import { DEMO_ACCOUNTS, FOUNDER_POSTS } from './founders.constant';
import type { DemoData } from './generate';
import { DEMO_SIZES, generateDemoData } from './generate';
import { TRENDING_HASHTAGS } from './topics.constant';

const NOW = new Date('2026-11-25T15:30:00.000Z');

/** Followers per member, most followed first. */
const inDegrees = (data: DemoData): number[] => {
  const followers = new Map(data.members.map((member) => [member.username, 0]));
  for (const follow of data.follows)
    followers.set(follow.followee, (followers.get(follow.followee) ?? 0) + 1);
  return [...followers.values()].sort((a, b) => b - a);
};

const inWindow = (at: Date) =>
  at.getTime() <= NOW.getTime() && at.getTime() > NOW.getTime() - DEMO_DAYS * DAY_MS;

describe(generateDemoData.name, () => {
  const sut = generateDemoData('default', NOW);

  it('makes the same community every time', () => {
    expect(generateDemoData('default', NOW)).toEqual(sut);
  });

  it('makes the same members whatever the time (each service generates it on its own)', () => {
    const later = generateDemoData('default', new Date(NOW.getTime() + 3 * 3600 * 1000));
    const people = (data: DemoData) =>
      data.members.map(({ username, displayName, bio, topics }) => ({
        username,
        displayName,
        bio,
        topics,
      }));
    expect(people(later)).toEqual(people(sut));
    const joined = (data: DemoData) =>
      data.communities.map((c) => c.members.map((m) => m.username).sort());
    expect(joined(later)).toEqual(joined(sut));
  });

  describe('members', () => {
    it('are the six founders, then everyone else, with valid and unique usernames', () => {
      expect(sut.members).toHaveLength(DEMO_SIZES.default.members);
      expect(sut.members.slice(0, 6).map((member) => member.username)).toEqual(
        DEMO_ACCOUNTS.map((account) => account.username),
      );
      const usernames = sut.members.map((member) => member.username);
      expect(new Set(usernames).size).toBe(usernames.length);
      for (const member of sut.members) {
        expect(member.username).toMatch(USERNAME_PATTERN);
        expect(isReservedUsername(member.username)).toBe(false);
        expect(member.bio.length).toBeLessThanOrEqual(160);
        expect(member.displayName.length).toBeLessThanOrEqual(50);
        expect(member.joinedAt.getTime()).toBeLessThan(NOW.getTime());
        expect(member.avatar.initials).toMatch(/^[A-Z]{1,2}$/);
      }
    });

    it('keep joining: some joined in the last month', () => {
      const recent = sut.members.filter((member) => inWindow(member.joinedAt));
      expect(recent.length).toBeGreaterThan(0);
      expect(recent.length).toBeLessThan(sut.members.length / 3);
    });
  });

  describe('follows', () => {
    it('are no self-follows and no duplicates, after both joined and before now', () => {
      const joined = new Map(sut.members.map((member) => [member.username, member.joinedAt]));
      const keys = sut.follows.map((follow) => `${follow.follower} ${follow.followee}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const follow of sut.follows) {
        expect(follow.follower).not.toBe(follow.followee);
        expect(follow.at.getTime()).toBeLessThanOrEqual(NOW.getTime());
        expect(follow.at.getTime()).toBeGreaterThanOrEqual(joined.get(follow.follower)!.getTime());
        expect(follow.at.getTime()).toBeGreaterThanOrEqual(joined.get(follow.followee)!.getTime());
      }
      expect(sut.follows.map((follow) => follow.at.getTime())).toEqual(
        sut.follows.map((follow) => follow.at.getTime()).sort((a, b) => a - b),
      );
    });

    it('make a skewed graph: a few members have many followers, most have few', () => {
      const degrees = inDegrees(sut);
      const median = degrees[Math.floor(degrees.length / 2)]!;
      expect(sut.follows.length).toBeGreaterThan(8 * sut.members.length);
      expect(degrees[0]).toBeGreaterThanOrEqual(3 * median);
      const top = degrees.slice(0, Math.ceil(degrees.length / 10)).reduce((a, b) => a + b, 0);
      expect(top / sut.follows.length).toBeGreaterThan(0.2);
      // Nobody is left alone.
      expect(degrees.at(-1)).toBeGreaterThanOrEqual(0);
    });

    it('include some made in the last month (the dashboards show growth)', () => {
      expect(sut.follows.filter((follow) => inWindow(follow.at)).length).toBeGreaterThan(10);
    });
  });

  describe('posts', () => {
    it('are about 600 over the last 30 days, a quarter of them replies after their parents', () => {
      expect(sut.posts).toHaveLength(DEMO_SIZES.default.posts);
      const replies = sut.posts.filter((post) => post.parent !== null);
      expect(replies.length).toBe(DEMO_SIZES.default.posts / 4);
      for (const [index, post] of sut.posts.entries()) {
        expect(inWindow(post.at)).toBe(true);
        expect(post.content.length).toBeGreaterThan(0);
        expect(Array.from(post.content).length).toBeLessThanOrEqual(TWEET_MAX_LENGTH);
        if (post.parent !== null) {
          expect(post.parent).toBeLessThan(index);
          expect(post.at.getTime()).toBeGreaterThan(sut.posts[post.parent]!.at.getTime());
        }
      }
      const days = new Set(sut.posts.map((post) => Math.floor(post.at.getTime() / DAY_MS)));
      expect(days.size).toBeGreaterThanOrEqual(DEMO_DAYS - 1);
    });

    it('carry hashtags, some pictures, and what trends on the last day', () => {
      const top = sut.posts.filter((post) => post.parent === null);
      const founders = new Set(FOUNDER_POSTS.map((post) => post.content));
      const generated = top.filter((post) => !founders.has(post.content));
      expect(generated.every((post) => /#\w+/.test(post.content))).toBe(true);
      const pictures = top.filter((post) => post.picture);
      expect(pictures.length).toBeGreaterThan(top.length * 0.05);
      expect(pictures.length).toBeLessThan(top.length * 0.25);
      const lastDay = top.filter((post) => NOW.getTime() - post.at.getTime() < DAY_MS);
      const trending = lastDay.filter((post) =>
        TRENDING_HASHTAGS.some((tag) => post.content.includes(`#${tag}`)),
      );
      expect(trending.length).toBeGreaterThanOrEqual(5);
    });

    it('are liked and retweeted once per member, never by the author, after the post', () => {
      let likes = 0;
      for (const post of sut.posts) {
        for (const kind of [post.likes, post.retweets]) {
          const who = kind.map((interaction) => interaction.username);
          expect(new Set(who).size).toBe(who.length);
          expect(who).not.toContain(post.author);
          for (const interaction of kind) {
            expect(interaction.at.getTime()).toBeGreaterThanOrEqual(post.at.getTime());
            expect(interaction.at.getTime()).toBeLessThanOrEqual(NOW.getTime());
          }
        }
        likes += post.likes.length;
      }
      expect(likes).toBeGreaterThan(sut.posts.length);
      expect(sut.posts.filter((post) => post.retweets.length > 0).length).toBeGreaterThan(30);
    });
  });

  describe('communities', () => {
    it('are the catalogue: every category, one private, members who share the topic', () => {
      expect(sut.communities).toHaveLength(15);
      expect(new Set(sut.communities.map((c) => c.category))).toEqual(
        new Set(COMMUNITY_CATEGORIES),
      );
      expect(sut.communities.filter((c) => c.isPrivate)).toHaveLength(1);
      const usernames = new Set(sut.members.map((member) => member.username));
      for (const community of sut.communities) {
        expect(community.members.length).toBeGreaterThanOrEqual(3);
        const joined = community.members.map((member) => member.username);
        expect(new Set(joined).size).toBe(joined.length);
        expect(joined).not.toContain(community.owner);
        expect(joined.every((username) => usernames.has(username))).toBe(true);
      }
    });

    it('have posts by their members, with comments and likes after them, in the window', () => {
      const posts = sut.communities.flatMap((community) =>
        community.posts.map((post) => ({ community, post })),
      );
      expect(posts.length).toBeGreaterThanOrEqual(DEMO_SIZES.default.communityPosts);
      expect(posts.filter(({ post }) => post.comments.length > 0).length).toBeGreaterThan(20);
      for (const { community, post } of posts) {
        const members = [community.owner, ...community.members.map((m) => m.username)];
        expect(members).toContain(post.author);
        expect(inWindow(post.at)).toBe(true);
        for (const comment of post.comments) {
          expect(members).toContain(comment.author);
          expect(comment.at.getTime()).toBeGreaterThanOrEqual(post.at.getTime());
        }
      }
    });
  });

  it('grows tenfold with --size large', () => {
    const large = generateDemoData('large', NOW);
    expect(large.members).toHaveLength(DEMO_SIZES.large.members);
    expect(large.posts).toHaveLength(DEMO_SIZES.large.posts);
    expect(large.follows.length).toBeGreaterThan(8 * large.members.length);
    const degrees = inDegrees(large);
    expect(degrees[0]).toBeGreaterThanOrEqual(5 * degrees[Math.floor(degrees.length / 2)]!);
  });
});
