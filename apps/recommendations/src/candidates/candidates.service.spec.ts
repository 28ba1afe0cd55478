import type { CommunityRow, PostRow, Topic, UserRow } from './candidates.repository';
import { communityCandidate, postCandidate, userCandidate } from './candidates.service';

const HOUR_MS = 3_600_000;
const NOW = new Date('2026-11-25T12:00:00.000Z');
const hoursAgo = (hours: number): Date => new Date(NOW.getTime() - hours * HOUR_MS);

const userRow = (overrides: Partial<UserRow> = {}): UserRow => ({
  id: 'u-2',
  username: 'ada',
  displayName: 'Ada Lovelace',
  profileImageUrl: null,
  verified: false,
  followersCount: 0,
  postsCount: 0,
  engagementReceived: 0,
  aa: 0,
  viaCount: 0,
  viaName: null,
  topic: 0,
  topTag: null,
  similarity: 0,
  searched: false,
  ...overrides,
});

const postRow = (overrides: Partial<PostRow> = {}): PostRow => ({
  id: 'p-1',
  authorId: 'u-9',
  content: 'Parsing with #rust and #ai',
  hashtags: [],
  engagement: 0,
  createdAt: NOW,
  authorName: 'grace',
  authorPosts: 0,
  authorEngagement: 0,
  viaCount: 0,
  viaName: null,
  coCount: 0,
  similarity: 0,
  searched: false,
  ...overrides,
});

const communityRow = (overrides: Partial<CommunityRow> = {}): CommunityRow => ({
  id: 'c-1',
  name: 'Compiler Enthusiasts',
  memberCount: 0,
  activityCount: 0,
  coCount: 0,
  coVia: null,
  viaCount: 0,
  viaName: null,
  description: '',
  category: '',
  ...overrides,
});

const textsOf = (reasons: readonly { text: string }[]): string[] => reasons.map((r) => r.text);

describe(userCandidate.name, () => {
  it('gives every reason a source found a person for, the popular one last', () => {
    const sut = userCandidate(
      userRow({
        aa: 1.5,
        viaCount: 3,
        viaName: 'grace',
        topic: 2,
        topTag: 'ai',
        similarity: 1.2,
        searched: true,
      }),
    );
    expect(textsOf(sut.reasons)).toEqual([
      'Followed by @grace and 2 others you follow',
      'Posts about #ai',
      'Their profile matches your interests',
      'You looked for them in search',
      'Popular on Wave',
    ]);
  });

  it('says who followed them when one person the member follows does', () => {
    const sut = userCandidate(userRow({ aa: 0.4, viaCount: 1, viaName: 'grace' }));
    expect(textsOf(sut.reasons)).toEqual(['Followed by @grace you follow', 'Popular on Wave']);
  });

  it('has only the popular reason for a person no source but popularity found', () => {
    const sut = userCandidate(userRow({ followersCount: 5000 }));
    expect(sut.reasons).toEqual([
      { feature: 'popularity', category: 'popular', text: 'Popular on Wave' },
    ]);
  });

  it('names nobody when it does not know who', () => {
    const sut = userCandidate(userRow({ viaCount: 2, viaName: null }));
    expect(textsOf(sut.reasons)).toEqual(['Popular on Wave']);
  });

  it('measures the person on a log scale, and says how to show them', () => {
    const sut = userCandidate(
      userRow({
        followersCount: 999,
        postsCount: 10,
        engagementReceived: 50,
        aa: 1.5,
        viaCount: 3,
        viaName: 'grace',
        topic: 2.5,
        topTag: 'ai',
        similarity: 3,
        searched: true,
      }),
    );
    expect(sut).toEqual({
      contentType: 'user',
      contentId: 'u-2',
      content: 'ada',
      user: { displayName: 'Ada Lovelace', profileImageUrl: null, verified: false },
      features: {
        graph: Math.log1p(1.5),
        social: Math.log1p(3),
        topic: Math.log1p(2.5),
        content: Math.log1p(3),
        popularity: Math.log1p(999) / 5,
        authorRate: Math.log1p(5),
        searched: 1,
      },
      reasons: expect.any(Array),
    });
  });

  it('measures nothing for a person with no followers, posts or connection', () => {
    const sut = userCandidate(userRow());
    expect(sut.features).toEqual({
      graph: 0,
      social: 0,
      topic: 0,
      content: 0,
      popularity: 0,
      authorRate: 0,
      searched: 0,
    });
  });

  it('takes a person without posts as having one, and never measures below 0', () => {
    expect(userCandidate(userRow({ engagementReceived: 4 })).features.authorRate).toBe(
      Math.log1p(4),
    );
    expect(userCandidate(userRow({ engagementReceived: -3 })).features.authorRate).toBe(0);
  });
});

describe(postCandidate.name, () => {
  const topics: Topic[] = [
    { tag: 'ai', weight: 2 },
    { tag: 'rust', weight: 3 },
    { tag: 'go', weight: 5 },
  ];

  it('gives every reason a source found a post for, the popular one last', () => {
    const sut = postCandidate(
      postRow({ hashtags: ['ai', 'rust'], viaCount: 3, viaName: 'grace' }),
      topics,
      NOW,
    );
    expect(sut.reasons).toEqual([
      { feature: 'social', category: 'network', text: 'Liked by @grace and 2 others you follow' },
      { feature: 'topic', category: 'topics', text: 'Popular in #rust this week' },
      { feature: 'popularity', category: 'popular', text: 'Popular on Wave now' },
    ]);
  });

  it("adds up the member's interest in the post's hashtags, and names the strongest", () => {
    const sut = postCandidate(postRow({ hashtags: ['ai', 'rust', 'zig'] }), topics, NOW);
    expect(sut.features.topic).toBe(Math.log1p(2 + 3));
    expect(textsOf(sut.reasons)).toContain('Popular in #rust this week');
  });

  it('matches whole hashtags only', () => {
    const sut = postCandidate(postRow({ hashtags: ['aiart', 'golang'] }), topics, NOW);
    expect(sut.features.topic).toBe(0);
    expect(textsOf(sut.reasons)).toEqual(['Popular on Wave now']);
  });

  it('says when people who like what the member likes liked it', () => {
    const sut = postCandidate(postRow({ coCount: 3 }), [], NOW);
    expect(sut.features.coEngagement).toBe(Math.log1p(3));
    expect(sut.reasons[0]).toEqual({
      feature: 'coEngagement',
      category: 'similar',
      text: 'Liked by people who like what you like',
    });
  });

  it('says when its text matches the member’s words', () => {
    const sut = postCandidate(postRow({ similarity: 0.8 }), [], NOW);
    expect(sut.features.content).toBe(Math.log1p(0.8));
    expect(textsOf(sut.reasons)).toEqual(['Matches your interests', 'Popular on Wave now']);
  });

  it('says who liked it when one person the member follows did', () => {
    const sut = postCandidate(postRow({ viaCount: 1, viaName: 'grace' }), [], NOW);
    expect(textsOf(sut.reasons)).toEqual(['Liked by @grace you follow', 'Popular on Wave now']);
  });

  it('measures the post and its author on a log scale, and carries the author', () => {
    const sut = postCandidate(
      postRow({
        hashtags: ['ai'],
        engagement: 120,
        authorPosts: 4,
        authorEngagement: 36,
        viaCount: 2,
        viaName: 'grace',
        coCount: 4,
        similarity: 1.5,
        searched: true,
      }),
      topics,
      NOW,
    );
    expect(sut).toEqual({
      contentType: 'post',
      contentId: 'p-1',
      content: 'Parsing with #rust and #ai',
      authorId: 'u-9',
      features: {
        social: Math.log1p(2),
        coEngagement: Math.log1p(4),
        topic: Math.log1p(2),
        content: Math.log1p(1.5),
        popularity: Math.log1p(120) / 5,
        freshness: 0,
        authorRate: Math.log1p(9),
        searched: 1,
      },
      reasons: expect.any(Array),
    });
  });

  it.each([
    [0, 0],
    [24, -0.5],
    [48, -1],
    [96, -2],
    [168, -3.5],
    [500, -3.5],
    [-5, 0],
  ])(
    'rates a post %p hours old %p fresh (the log of a decay, down to a week)',
    (hours, freshness) => {
      const sut = postCandidate(postRow({ createdAt: hoursAgo(hours) }), [], NOW);
      expect(sut.features.freshness).toBeCloseTo(freshness, 12);
    },
  );

  it('takes an author without posts as having one', () => {
    const sut = postCandidate(postRow({ authorEngagement: 7 }), [], NOW);
    expect(sut.features.authorRate).toBe(Math.log1p(7));
  });
});

describe(communityCandidate.name, () => {
  it('gives every reason a source found a community for, the popular one last', () => {
    const sut = communityCandidate(
      communityRow({
        coCount: 12,
        coVia: 'Rustaceans',
        viaCount: 3,
        viaName: 'grace',
        description: 'Parsers and type systems',
      }),
      [{ tag: 'parsers', weight: 1 }],
    );
    expect(sut.reasons).toEqual([
      {
        feature: 'coEngagement',
        category: 'similar',
        text: 'Members of Rustaceans also joined this',
      },
      {
        feature: 'social',
        category: 'network',
        text: '@grace and 2 others you follow are members',
      },
      { feature: 'topic', category: 'topics', text: 'About #parsers, a topic you engage with' },
      { feature: 'popularity', category: 'popular', text: 'A popular community on Wave' },
    ]);
  });

  it('says who is a member when one person the member follows is', () => {
    const sut = communityCandidate(communityRow({ viaCount: 1, viaName: 'grace' }), []);
    expect(textsOf(sut.reasons)).toEqual([
      '@grace you follow is a member',
      'A popular community on Wave',
    ]);
  });

  it('names the community its members came from', () => {
    const sut = communityCandidate(
      communityRow({ name: 'Type Theory', coCount: 4, coVia: 'Compiler Enthusiasts' }),
      [],
    );
    expect(textsOf(sut.reasons)).toEqual([
      'Members of Compiler Enthusiasts also joined this',
      'A popular community on Wave',
    ]);
  });

  it('names no community nor member when it does not know which', () => {
    const sut = communityCandidate(communityRow({ coCount: 4, viaCount: 2 }), []);
    expect(textsOf(sut.reasons)).toEqual(['A popular community on Wave']);
  });

  it('matches topics to the words of its name, description and category, in any case', () => {
    const sut = communityCandidate(
      communityRow({
        name: 'Compiler Enthusiasts',
        description: 'Parsers, type systems & LLVM!',
        category: 'Programming',
      }),
      [
        { tag: 'rust', weight: 9 },
        { tag: 'compiler', weight: 1 },
        { tag: 'llvm', weight: 3 },
        { tag: 'programming', weight: 0.5 },
      ],
    );
    expect(sut.features.topic).toBe(Math.log1p(1 + 3 + 0.5));
    expect(textsOf(sut.reasons)).toContain('About #llvm, a topic you engage with');
  });

  it('matches whole words only', () => {
    const sut = communityCandidate(
      communityRow({ name: 'Compiler Enthusiasts', description: 'golang and typescript' }),
      [
        { tag: 'comp', weight: 1 },
        { tag: 'go', weight: 1 },
        { tag: 'type', weight: 1 },
      ],
    );
    expect(sut.features.topic).toBe(0);
    expect(textsOf(sut.reasons)).toEqual(['A popular community on Wave']);
  });

  it('matches words with accents and digits as whole words', () => {
    const sut = communityCandidate(
      communityRow({ name: 'Café Français', description: 'web3 et ia_générative' }),
      [
        { tag: 'café', weight: 1 },
        { tag: 'web3', weight: 2 },
        { tag: 'ia_générative', weight: 4 },
        { tag: 'caf', weight: 8 },
      ],
    );
    expect(sut.features.topic).toBe(Math.log1p(7));
    expect(textsOf(sut.reasons)).toContain('About #ia_générative, a topic you engage with');
  });

  it('measures the community on a log scale, co-membership relative to its size', () => {
    const sut = communityCandidate(
      communityRow({
        memberCount: 400,
        activityCount: 1200,
        coCount: 60,
        coVia: 'Rustaceans',
        viaCount: 2,
        viaName: 'grace',
      }),
      [],
    );
    expect(sut).toEqual({
      contentType: 'community',
      contentId: 'c-1',
      content: 'Compiler Enthusiasts',
      features: {
        social: Math.log1p(2),
        coEngagement: Math.log1p(60 / 20),
        topic: 0,
        popularity: Math.log1p(400) / 5,
        authorRate: Math.log1p(3),
      },
      reasons: expect.any(Array),
    });
    expect(sut).not.toHaveProperty('authorId');
  });

  it('takes an empty community as having one member', () => {
    const sut = communityCandidate(communityRow({ activityCount: 3, coCount: 2 }), []);
    expect(sut.features).toMatchObject({
      coEngagement: Math.log1p(2),
      popularity: 0,
      authorRate: Math.log1p(3),
    });
  });
});
