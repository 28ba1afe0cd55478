import { v7 as uuidv7 } from 'uuid';
import type { Recommendation } from '@wave/contracts';
import { eventually } from '@wave/testing';
import type { UserRow } from '../src/candidates/candidates.repository';
import { CandidatesRepository } from '../src/candidates/candidates.repository';
import { RecommendationsCache } from '../src/recommendations/recommendations.cache';
import { RecommendationsHarness } from './recommendations-harness';

const ids = (list: readonly Recommendation[]): string[] => list.map((item) => item.contentId);

describe('recommendations (GET /api/ai/recommendations, POST /api/ai/feedback)', () => {
  const sut = new RecommendationsHarness();

  beforeAll(async () => {
    await sut.start('api');
  });

  afterAll(async () => {
    await sut.stop();
  });

  describe('the calls', () => {
    it('answers 401 to a visitor, on both routes', async () => {
      expect((await sut.call('GET', '/api/ai/recommendations')).statusCode).toBe(401);
      const feedback = await sut.call('POST', '/api/ai/feedback', {
        body: { action: 'click', contentId: uuidv7(), contentType: 'user' },
      });
      expect(feedback.statusCode).toBe(401);
    });

    it.each([
      ['0', 'maxRecommendations must be at least 1'],
      ['21', 'maxRecommendations must be at most 20'],
      ['1.5', 'maxRecommendations must be a whole number'],
      ['many', 'maxRecommendations must be a number'],
    ])('refuses maxRecommendations=%s with a 400 saying why', async (value, message) => {
      const response = await sut.call(
        'GET',
        `/api/ai/recommendations?maxRecommendations=${value}`,
        { as: uuidv7() },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    });

    it.each([
      [{ action: 'like', contentId: uuidv7(), contentType: 'user' }, 'action must be one of'],
      [
        { action: 'click', contentId: 'grace', contentType: 'user' },
        'contentId must be a valid id',
      ],
      [
        { action: 'click', contentId: uuidv7(), contentType: 'hashtag' },
        'contentType must be one of',
      ],
      [
        { action: 'click', contentId: uuidv7(), contentType: 'post', score: 2 },
        'score must be between 0 and 1',
      ],
      [
        { action: 'click', contentId: uuidv7(), contentType: 'post', score: '0.5' },
        'score must be a number',
      ],
      [{ contentId: uuidv7(), contentType: 'post' }, 'action must be one of'],
      [[1, 2], 'Request body must be a JSON object'],
    ])('refuses the feedback %j with a 400 saying why', async (body, message) => {
      const response = await sut.call('POST', '/api/ai/feedback', { as: uuidv7(), body });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    });

    it('keeps a click with any score from 0 to 1, however small', async () => {
      const userId = uuidv7();
      for (const score of [0, 5e-324, 4.4e-323, 1e-40, 1]) {
        await sut.feedback(userId, {
          action: 'click',
          contentId: uuidv7(),
          contentType: 'post',
          score,
        });
      }
      const rows = await sut.dataSource.query<{ score: number }[]>(
        `SELECT score FROM feedback WHERE user_id = $1 ORDER BY created_at, id`,
        [userId],
      );
      expect(rows.map((row) => row.score)).toEqual([0, 5e-324, 4.4e-323, 1e-40, 1]);
    });

    it('answers a new member on an empty platform with an empty list', async () => {
      expect(await sut.recommendations(uuidv7())).toEqual([]);
    });
  });

  describe('people', () => {
    it('suggests friends of friends, saying who of the people you follow follow them', async () => {
      const [me, grace, alan, ada] = [
        await sut.user('me1'),
        await sut.user('grace1'),
        await sut.user('alan1'),
        await sut.user('ada1'),
      ];
      await sut.follow(me, grace);
      await sut.follow(me, alan);
      await sut.follow(grace, ada);
      await sut.follow(alan, ada);
      // Grace has more followers: she is the one named.
      await sut.follow(ada, grace);

      const list = await sut.recommendations(me, 20);
      const suggestion = list.find((item) => item.contentId === ada);
      expect(suggestion).toMatchObject({
        contentType: 'user',
        content: 'ada1',
        category: 'network',
        reason: 'Followed by @grace1 and 1 other you follow',
      });
      expect(suggestion!.score).toBeGreaterThan(0);
      expect(suggestion!.score).toBeLessThan(1);
      expect(ids(list)).not.toContain(me);
      expect(ids(list)).not.toContain(grace);
      expect(ids(list)).not.toContain(alan);
    });

    it('takes a user the member just followed out at once, before the follow event arrives', async () => {
      const [me, grace, ada] = [
        await sut.user('me2'),
        await sut.user('grace2'),
        await sut.user('ada2'),
      ];
      await sut.follow(me, grace);
      await sut.follow(grace, ada);
      expect(ids(await sut.recommendations(me, 20))).toContain(ada);

      // Identity holds the follow; its event is still on the way.
      sut.follows.add(`${me}:${ada}`);
      expect(ids(await sut.recommendations(me, 20))).not.toContain(ada);

      await sut.publish('follow.created', {
        followerId: me,
        followeeId: ada,
        createdAt: new Date().toISOString(),
      });
      await sut.expireCache(me);
      expect(ids(await sut.recommendations(me, 20))).not.toContain(ada);
    });

    it('relies on its own projection when identity does not answer', async () => {
      const [me, grace, ada] = [
        await sut.user('me3'),
        await sut.user('grace3'),
        await sut.user('ada3'),
      ];
      await sut.follow(me, grace);
      await sut.follow(grace, ada);
      sut.ownersDown = true;
      try {
        expect(ids(await sut.recommendations(me, 20))).toContain(ada);
        await sut.follow(me, ada);
        expect(ids(await sut.recommendations(me, 20))).not.toContain(ada);
      } finally {
        sut.ownersDown = false;
      }
    });

    it('never returns a dismissed item, from the cache or computed anew', async () => {
      const [me, grace, ada] = [
        await sut.user('me4'),
        await sut.user('grace4'),
        await sut.user('ada4'),
      ];
      await sut.follow(me, grace);
      await sut.follow(grace, ada);
      expect(ids(await sut.recommendations(me, 20))).toContain(ada);
      const cache = sut.app.get(RecommendationsCache);
      const stale = await cache.get(me);
      expect(stale?.map((item) => item.contentId)).toContain(ada);

      await sut.feedback(me, { action: 'dismiss', contentId: ada, contentType: 'user' });
      expect(ids(await sut.recommendations(me, 20))).not.toContain(ada);
      // A list cached before the dismissal (another replica's, written late) still leaves her out.
      await cache.set(me, stale!);
      expect(ids(await sut.recommendations(me, 20))).not.toContain(ada);
      await sut.expireCache(me);
      // More reasons to suggest her than before: still never again.
      const alan = await sut.user('alan4');
      await sut.follow(me, alan);
      await sut.follow(alan, ada);
      expect(ids(await sut.recommendations(me, 20))).not.toContain(ada);
    });

    it('suggests the most followed members to a member with no history', async () => {
      const star = await sut.user('star5');
      for (let i = 0; i < 6; i++) await sut.follow(await sut.user(`fan5${i}`), star);
      const list = await sut.recommendations(await sut.user('new5'), 20);
      expect(list.find((item) => item.contentId === star)).toMatchObject({
        contentType: 'user',
        category: 'popular',
        reason: 'Popular on Wave',
      });
    });
  });

  describe('similar profiles', () => {
    const similarityOf = (rows: readonly UserRow[], id: string): number =>
      rows.find((row) => row.id === id)?.similarity ?? 0;

    it('finds bios sharing words with the member’s bio, a rare word counting more than a common one', async () => {
      const me = await sut.user('me16', { bio: 'Nebula16 hunter and coffee16 drinker' });
      const hunter = await sut.user('hunter16', { bio: 'Chasing every nebula16 I can find' });
      const drinkers: string[] = [];
      for (let i = 0; i < 4; i++) {
        drinkers.push(await sut.user(`drinker16${i}`, { bio: 'Coffee16 first, then the rest' }));
      }
      const baker = await sut.user('baker16', { bio: 'Sourdough16 all day long' });
      const rows = await sut.app.get(CandidatesRepository).users(me, []);
      expect(similarityOf(rows, drinkers[0]!)).toBeGreaterThan(0);
      expect(similarityOf(rows, hunter)).toBeGreaterThan(similarityOf(rows, drinkers[0]!));
      expect(similarityOf(rows, baker)).toBe(0);

      const list = await sut.recommendations(me, 20);
      expect(list.find((item) => item.contentId === hunter)).toMatchObject({
        contentType: 'user',
        category: 'similar',
        reason: 'Their profile matches your interests',
      });
    });

    it('weighs a post’s text by the member’s words, a rare one more than a common one', async () => {
      const me = await sut.user('me21', { bio: 'Quasar21 watcher, tea21 drinker' });
      await sut.user('fellow21', { bio: 'Quasar21 and more' });
      for (let i = 0; i < 3; i++) await sut.user(`tea21${i}`, { bio: 'Tea21 always' });
      const author = await sut.user('author21');
      const quasar = await sut.post(author, { content: 'Saw a quasar21 tonight' });
      const tea = await sut.post(author, { content: 'More tea21 please' });
      const nothing = await sut.post(author, { content: 'Nothing to see here' });

      const rows = await sut.app.get(CandidatesRepository).posts(me, []);
      const similarity = (id: string) => rows.find((row) => row.id === id)?.similarity;
      expect(similarity(tea)).toBeGreaterThan(0);
      expect(similarity(quasar)).toBeGreaterThan(similarity(tea)!);
      expect(similarity(nothing)).toBe(0);
      // The member's hashtags are their words too.
      const tagged = await sut.app
        .get(CandidatesRepository)
        .posts(await sut.user('fan21'), [{ tag: 'quasar21', weight: 1 }]);
      expect(tagged.find((row) => row.id === quasar)?.similarity).toBeGreaterThan(0);
    });

    it('counts the member’s hashtags as their words, and forgets the words of a bio changed or cleared since', async () => {
      const me = await sut.user('me17');
      const baker = await sut.user('baker17', { bio: 'Sourdough17 every morning' });
      const repository = sut.app.get(CandidatesRepository);
      const baking = [{ tag: 'sourdough17', weight: 2 }];
      const running = [{ tag: 'marathons17', weight: 1 }];
      const bakerBio = (version: number, bio: string | null) =>
        sut.publish('user.updated', {
          userId: baker,
          username: 'baker17',
          displayName: 'baker17',
          profileImageUrl: null,
          verified: false,
          version,
          firstName: null,
          lastName: null,
          bio,
          coverImageUrl: null,
          updatedAt: new Date().toISOString(),
        });
      const docs = async (term: string): Promise<number> => {
        const rows = await sut.dataSource.query<{ docs: number }[]>(
          `SELECT docs FROM term_stats WHERE term = $1`,
          [term],
        );
        return rows[0]?.docs ?? 0;
      };
      expect(similarityOf(await repository.users(me, baking), baker)).toBeGreaterThan(0);
      expect(await docs('sourdough17')).toBe(1);
      const bios = await docs('');

      await bakerBio(3, 'Now into marathons17');
      expect(similarityOf(await repository.users(me, baking), baker)).toBe(0);
      expect(similarityOf(await repository.users(me, running), baker)).toBeGreaterThan(0);
      expect([await docs('sourdough17'), await docs('marathons17'), await docs('')]).toEqual([
        0,
        1,
        bios,
      ]);

      // An older version arriving late changes nothing.
      await bakerBio(2, 'Sourdough17 every morning');
      expect(similarityOf(await repository.users(me, running), baker)).toBeGreaterThan(0);
      expect(await docs('sourdough17')).toBe(0);

      // Cleared: identity sends null.
      await bakerBio(4, null);
      expect(similarityOf(await repository.users(me, running), baker)).toBe(0);
      expect([await docs('marathons17'), await docs('')]).toEqual([0, bios - 1]);
    });
  });

  describe('posts', () => {
    it('suggests posts popular in the member’s hashtags this week, never their own nor liked ones', async () => {
      const [me, author, other, fan] = [
        await sut.user('me6'),
        await sut.user('author6'),
        await sut.user('other6'),
        await sut.user('fan6'),
      ];
      const mine = await sut.post(me, { content: 'I love #rustlang6', hashtags: ['rustlang6'] });
      const popular = await sut.post(author, {
        content: 'Ownership explained #rustlang6',
        hashtags: ['rustlang6'],
      });
      const liked = await sut.post(other, {
        content: 'Lifetimes #rustlang6',
        hashtags: ['rustlang6'],
      });
      await sut.like(fan, popular, author);
      await sut.like(me, liked, other);

      const list = await sut.recommendations(me, 20);
      expect(list.find((item) => item.contentId === popular)).toMatchObject({
        contentType: 'post',
        content: 'Ownership explained #rustlang6',
        category: 'topics',
        reason: 'Popular in #rustlang6 this week',
      });
      expect(ids(list)).not.toContain(mine);
      expect(ids(list)).not.toContain(liked);
    });

    it('says which of the people you follow liked a post', async () => {
      const [me, grace, alan, author] = [
        await sut.user('me7'),
        await sut.user('grace7'),
        await sut.user('alan7'),
        await sut.user('author7'),
      ];
      await sut.follow(me, grace);
      await sut.follow(me, alan);
      await sut.follow(author, grace);
      const post = await sut.post(author, { content: 'Compilers are fun' });
      await sut.like(grace, post, author);
      await sut.like(alan, post, author);

      const list = await sut.recommendations(me, 20);
      expect(list.find((item) => item.contentId === post)).toMatchObject({
        contentType: 'post',
        category: 'network',
        reason: 'Liked by @grace7 and 1 other you follow',
      });
    });

    it('suggests what people who liked the member’s likes liked this week, saying so', async () => {
      const [me, author, peer1, peer2, stranger] = [
        await sut.user('me22'),
        await sut.user('author22'),
        await sut.user('peer22a'),
        await sut.user('peer22b'),
        await sut.user('stranger22'),
      ];
      const shared = await sut.post(author, { content: 'We all liked this' });
      const next = await sut.post(author, { content: 'Peers liked this one too' });
      const elsewhere = await sut.post(author, { content: 'Only a stranger liked this' });
      await sut.like(me, shared, author);
      for (const peer of [peer1, peer2]) {
        await sut.like(peer, shared, author);
        await sut.like(peer, next, author);
      }
      await sut.like(stranger, elsewhere, author);

      const rows = await sut.app.get(CandidatesRepository).posts(me, []);
      expect(rows.find((row) => row.id === next)).toMatchObject({ coCount: 2 });
      expect(rows.find((row) => row.id === elsewhere)?.coCount ?? 0).toBe(0);
      expect(rows.map((row) => row.id)).not.toContain(shared);
      const list = await sut.recommendations(me, 20);
      expect(list.find((item) => item.contentId === next)).toMatchObject({
        category: 'similar',
        reason: 'Liked by people who like what you like',
      });
    });

    it('leaves out a post once its author is followed, and a deleted post', async () => {
      const [me, author, fan] = [
        await sut.user('me8'),
        await sut.user('author8'),
        await sut.user('fan8'),
      ];
      const post = await sut.post(author, { content: 'A hit #sql8', hashtags: ['sql8'] });
      const gone = await sut.post(author, { content: 'Another #sql8', hashtags: ['sql8'] });
      await sut.post(me, { content: 'me too #sql8', hashtags: ['sql8'] });
      await sut.like(fan, post, author);
      await sut.publish('tweet.deleted', {
        tweetId: gone,
        authorId: author,
        parentId: null,
        deletedAt: new Date().toISOString(),
      });
      const before = ids(await sut.recommendations(me, 20));
      expect(before).toContain(post);
      expect(before).not.toContain(gone);

      sut.follows.add(`${me}:${author}`);
      expect(ids(await sut.recommendations(me, 20))).not.toContain(post);
    });
  });

  describe('edited posts', () => {
    const edit = (
      tweetId: string,
      authorId: string,
      content: string,
      hashtags: string[],
      at: Date,
    ) =>
      sut.publish('tweet.updated', {
        tweetId,
        authorId,
        content,
        hashtags,
        mentions: [],
        editedAt: at.toISOString(),
      });

    it('are suggested with their new text and hashtags; an older edit arriving later changes nothing', async () => {
      const me = await sut.user('me19');
      const author = await sut.user('author19');
      const post = await sut.post(author, { content: 'About #old19', hashtags: ['old19'] });
      const now = Date.now();
      await edit(post, author, 'Now about #new19', ['new19'], new Date(now + 2_000));
      await edit(post, author, 'A stale edit #old19', ['old19'], new Date(now + 1_000));

      const repository = sut.app.get(CandidatesRepository);
      const posts = await repository.posts(me, [{ tag: 'new19', weight: 1 }]);
      expect(posts.find((row) => row.id === post)).toMatchObject({
        content: 'Now about #new19',
        hashtags: ['new19'],
      });
      const people = await repository.users(me, [{ tag: 'old19', weight: 1 }]);
      expect(people.find((row) => row.id === author)?.topic ?? 0).toBe(0);
      const byNewTag = await repository.users(me, [{ tag: 'new19', weight: 1 }]);
      expect(byNewTag.find((row) => row.id === author)).toMatchObject({ topTag: 'new19' });
    });

    it('keep an edit heard before the post itself', async () => {
      const me = await sut.user('me20');
      const author = await sut.user('author20');
      const tweetId = uuidv7();
      await edit(tweetId, author, 'Edited first #late20', ['late20'], new Date(Date.now() + 1_000));
      await sut.publish('tweet.created', {
        tweetId,
        authorId: author,
        content: 'The original #early20',
        hashtags: ['early20'],
        mentions: [],
        imageUrls: [],
        parentId: null,
        createdAt: new Date().toISOString(),
      });
      const posts = await sut.app
        .get(CandidatesRepository)
        .posts(me, [{ tag: 'late20', weight: 1 }]);
      expect(posts.find((row) => row.id === tweetId)).toMatchObject({
        content: 'Edited first #late20',
      });
    });
  });

  describe('a hashtag’s posts', () => {
    const topics = (tag: string) => [{ tag, weight: 1 }];

    it('are read by engagement, not by age: the post liked most leads, however many are newer', async () => {
      const me = await sut.user('me13');
      const first = await sut.user('first13');
      const early = await sut.post(first, { content: 'Early #deep13', hashtags: ['deep13'] });
      // More newer posts than either source reads per tag (30).
      for (let i = 0; i < 32; i++) {
        const author = await sut.user(`later13${i}`);
        await sut.post(author, { content: `Later ${i} #deep13`, hashtags: ['deep13'] });
      }
      const repository = sut.app.get(CandidatesRepository);
      const before = await repository.users(me, topics('deep13'));
      expect(before.find((row) => row.id === first)?.topic ?? 0).toBe(0);

      // One like does not move `hot` (log10 of the engagement), three do.
      for (let i = 0; i < 3; i++) await sut.like(await sut.user(`fan13${i}`), early, first);
      const people = await repository.users(me, topics('deep13'));
      expect(people.find((row) => row.id === first)).toMatchObject({ topTag: 'deep13' });
      const posts = await repository.posts(me, topics('deep13'));
      expect(posts.map((row) => row.id)).toContain(early);
    });

    it('leave out replies from posts, deleted posts everywhere, and posts older than the window', async () => {
      const me = await sut.user('me14');
      const [replier, deleter, elder] = [
        await sut.user('replier14'),
        await sut.user('deleter14'),
        await sut.user('elder14'),
      ];
      const root = await sut.post(elder, { content: 'Root #tide14', hashtags: ['tide14'] });
      const reply = await sut.post(replier, {
        content: 'A reply #tide14',
        hashtags: ['tide14'],
        parentId: root,
      });
      const gone = await sut.post(deleter, { content: 'Gone #tide14', hashtags: ['tide14'] });
      await sut.publish('tweet.deleted', {
        tweetId: gone,
        authorId: deleter,
        parentId: null,
        deletedAt: new Date().toISOString(),
      });
      const elderly = await sut.user('old14');
      await sut.post(elderly, {
        content: 'Long ago #tide14',
        hashtags: ['tide14'],
        createdAt: new Date(Date.now() - 31 * 86_400_000),
      });

      const repository = sut.app.get(CandidatesRepository);
      const people = await repository.users(me, topics('tide14'));
      const topical = people.filter((row) => row.topic > 0).map((row) => row.id);
      expect(topical).toEqual(expect.arrayContaining([elder, replier]));
      expect(topical).not.toContain(deleter);
      expect(topical).not.toContain(elderly);
      const posts = (await repository.posts(me, topics('tide14'))).map((row) => row.id);
      expect(posts).toContain(root);
      expect(posts).not.toContain(reply);
      expect(posts).not.toContain(gone);
    });
  });

  describe('communities', () => {
    it('never tells who is in a private community: people you follow count in public ones only', async () => {
      const [me, grace, owner] = [
        await sut.user('me18'),
        await sut.user('grace18'),
        await sut.user('owner18'),
      ];
      await sut.follow(me, grace);
      const open = await sut.community('Open Circle 18', owner);
      const closed = await sut.community('Closed Circle 18', owner, '', { isPrivate: true });
      await sut.join(grace, open);
      await sut.join(grace, closed);

      const rows = await sut.app.get(CandidatesRepository).communities(me, []);
      expect(rows.find((row) => row.id === open)).toMatchObject({
        viaCount: 1,
        viaName: 'grace18',
      });
      expect(rows.find((row) => row.id === closed)?.viaCount ?? 0).toBe(0);
      const list = await sut.recommendations(me, 20);
      const reasons = list.filter((item) => item.contentId === closed).map((item) => item.reason);
      expect(reasons.join(' ')).not.toContain('grace18');
    });

    it('suggests what members of your communities also joined, and never one you are in', async () => {
      const [me, owner, peer1, peer2] = [
        await sut.user('me9'),
        await sut.user('owner9'),
        await sut.user('peer91'),
        await sut.user('peer92'),
      ];
      const compilers = await sut.community('Compiler Enthusiasts 9', owner);
      const languages = await sut.community('Language Designers 9', owner);
      await sut.join(me, compilers);
      await sut.join(peer1, compilers);
      await sut.join(peer2, compilers);
      await sut.join(peer1, languages);
      await sut.join(peer2, languages);

      const list = await sut.recommendations(me, 20);
      expect(list.find((item) => item.contentId === languages)).toMatchObject({
        contentType: 'community',
        content: 'Language Designers 9',
        reason: 'Members of Compiler Enthusiasts 9 also joined this',
        category: 'similar',
      });
      expect(ids(list)).not.toContain(compilers);

      // Joined a moment ago: communities knows, the event has not arrived.
      sut.memberships.add(`${me}:${languages}`);
      expect(ids(await sut.recommendations(me, 20))).not.toContain(languages);
    });
  });

  describe('the list', () => {
    it('mixes people, posts and communities in the top five', async () => {
      const [me, grace, ada, owner, fan] = [
        await sut.user('me10'),
        await sut.user('grace10'),
        await sut.user('ada10'),
        await sut.user('owner10'),
        await sut.user('fan10'),
      ];
      await sut.follow(me, grace);
      await sut.follow(grace, ada);
      for (let i = 0; i < 3; i++) {
        const author = await sut.user(`author10${i}`);
        const post = await sut.post(author, { content: `Post ${i} #mix10`, hashtags: ['mix10'] });
        await sut.like(fan, post, author);
      }
      await sut.post(me, { content: 'mine #mix10', hashtags: ['mix10'] });
      await sut.community('Mixers 10', owner);

      const list = await sut.recommendations(me);
      expect(list).toHaveLength(5);
      expect(new Set(list.map((item) => item.contentType))).toEqual(
        new Set(['user', 'post', 'community']),
      );
      const scores = list.map((item) => item.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });

    it('is cached for the member: others’ activity changes it only after the cache, their own feedback at once', async () => {
      const [me, grace, ada, alan] = [
        await sut.user('me11'),
        await sut.user('grace11'),
        await sut.user('ada11'),
        await sut.user('alan11'),
      ];
      await sut.follow(me, grace);
      await sut.follow(grace, ada);
      const first = await sut.recommendations(me, 20);
      expect(ids(first)).toContain(ada);

      // Someone else's follow makes Alan a friend of a friend: not seen while cached.
      await sut.follow(grace, alan);
      expect(ids(await sut.recommendations(me, 20))).not.toContain(alan);

      await sut.feedback(me, { action: 'click', contentId: ada, contentType: 'user', score: 0.4 });
      expect(ids(await sut.recommendations(me, 20))).toContain(alan);
    });

    it('gives one kind only when asked (contentType), as many as asked', async () => {
      const [me, owner, fan] = [
        await sut.user('me15'),
        await sut.user('owner15'),
        await sut.user('fan15'),
      ];
      for (let i = 0; i < 3; i++) {
        const author = await sut.user(`author15${i}`);
        await sut.like(fan, await sut.post(author, { content: `Post ${i}` }), author);
      }
      await sut.community('Kinds 15', owner);
      const people = await sut.call(
        'GET',
        '/api/ai/recommendations?contentType=user&maxRecommendations=3',
        { as: me },
      );
      expect(people.statusCode).toBe(200);
      const items = people.json<Recommendation[]>();
      expect(items).toHaveLength(3);
      expect(items.every((item) => item.contentType === 'user')).toBe(true);
      expect(items[0]!.user).toEqual({
        displayName: expect.any(String),
        profileImageUrl: null,
        verified: false,
      });
      const posts = await sut.call('GET', '/api/ai/recommendations?contentType=post', { as: me });
      // Five by default, all posts (earlier tests' posts are popular here too).
      expect(posts.json<Recommendation[]>().map((item) => item.contentType)).toEqual(
        Array<string>(5).fill('post'),
      );
      const refused = await sut.call('GET', '/api/ai/recommendations?contentType=hashtag', {
        as: me,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain('contentType must be one of');
    });

    it('is cleared by the member’s own follow event', async () => {
      const [me, grace, ada, alan] = [
        await sut.user('me12'),
        await sut.user('grace12'),
        await sut.user('ada12'),
        await sut.user('alan12'),
      ];
      await sut.follow(me, grace);
      expect(ids(await sut.recommendations(me, 20))).not.toContain(ada);
      await sut.follow(grace, ada);
      await sut.follow(me, alan);
      await eventually(
        () => sut.recommendations(me, 20),
        (list) => ids(list).includes(ada),
        { what: 'the new friend of a friend' },
      );
    });
  });

  describe('signals', () => {
    it('applies each event once: a redelivered like or follow moves no counter', async () => {
      const [fan, author] = [await sut.user('fan13'), await sut.user('author13')];
      const post = await sut.post(author);
      await sut.like(fan, post, author);
      const at = new Date().toISOString();
      await sut.publish('like.created', { tweetId: post, userId: fan, authorId: author, at });
      await sut.publish('like.created', { tweetId: post, userId: fan, authorId: author, at });
      await sut.follow(fan, author);
      await sut.follow(fan, author);

      const [row] = await sut.dataSource.query<{ like_count: number }[]>(
        `SELECT like_count FROM posts WHERE id = $1`,
        [post],
      );
      expect(row!.like_count).toBe(1);
      const [user] = await sut.dataSource.query<
        { followers_count: number; engagement_received: number }[]
      >(`SELECT followers_count, engagement_received FROM users WHERE id = $1`, [author]);
      expect(user).toEqual({ followers_count: 1, engagement_received: 1 });
    });

    it('keeps the newest state when a follow and an unfollow arrive out of order', async () => {
      const [a, b] = [await sut.user('a14'), await sut.user('b14')];
      const earlier = new Date(Date.now() - 60_000);
      await sut.publish('follow.deleted', {
        followerId: a,
        followeeId: b,
        deletedAt: new Date().toISOString(),
      });
      await sut.publish('follow.created', {
        followerId: a,
        followeeId: b,
        createdAt: earlier.toISOString(),
      });
      const rows = await sut.dataSource.query<{ active: boolean }[]>(
        `SELECT active FROM follows WHERE follower_id = $1 AND followee_id = $2`,
        [a, b],
      );
      expect(rows).toEqual([{ active: false }]);
      const [user] = await sut.dataSource.query<{ followers_count: number }[]>(
        `SELECT followers_count FROM users WHERE id = $1`,
        [b],
      );
      expect(user!.followers_count).toBe(0);
    });
  });
});
