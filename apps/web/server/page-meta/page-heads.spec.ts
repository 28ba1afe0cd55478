// @vitest-environment node
import {
  COMMUNITY_ID,
  makeDetail,
  makePost,
} from '../../src/features/communities/testing/community-test-utils';
import { makeTweet, makeUser } from '../../src/features/tweets/testing/tweet-test-utils';
import {
  communityHead,
  communityPostHead,
  postHead,
  privateCommunityPostHead,
  profileHead,
} from './page-heads';

const ORIGIN = 'https://wave.example';

describe(postHead.name, () => {
  it('describes a post by its text, at /tweet/{id}, with its SocialMediaPosting markup', () => {
    const post = makeTweet({ content: 'Orbital\nmechanics, a primer' });
    const sut = postHead(post, ORIGIN);

    expect(sut).toMatchObject({
      title: 'Grace Hopper on Wave: "Orbital mechanics, a primer"',
      description: 'Orbital mechanics, a primer',
      url: `${ORIGIN}/tweet/${post.id}`,
      type: 'article',
      image: null,
      noIndex: false,
    });
    expect(sut.jsonLd).toMatchObject({
      '@type': 'SocialMediaPosting',
      url: `${ORIGIN}/tweet/${post.id}`,
      headline: 'Orbital mechanics, a primer',
    });
  });

  it("shows the post's first picture (its display variant, absolute) on a large card", () => {
    const post = makeTweet({
      imageUrl: '/objects/uploads/first',
      imageUrls: ['/objects/uploads/first', '/objects/uploads/second'],
      author: { ...makeTweet().author, profileImageUrl: '/objects/uploads/avatar' },
    });
    expect(postHead(post, ORIGIN)).toMatchObject({
      image: `${ORIGIN}/objects/uploads/first/display`,
      largeImage: true,
    });
  });

  it("falls back to the author's avatar, on a small card, and never to anything but an upload", () => {
    const author = { ...makeTweet().author, profileImageUrl: '/objects/uploads/avatar' };
    expect(postHead(makeTweet({ author }), ORIGIN)).toMatchObject({
      image: `${ORIGIN}/objects/uploads/avatar/display`,
      largeImage: false,
    });
    const remote = makeTweet({
      imageUrls: ['https://elsewhere.example/a.png'],
      author: { ...author, profileImageUrl: 'data:image/png;base64,AAAA' },
    });
    expect(postHead(remote, ORIGIN).image).toBeNull();
  });

  it('cuts a long text: the title at 110 characters, the description within 160', () => {
    const content = `${'word '.repeat(56)}end`;
    const sut = postHead(makeTweet({ content }), ORIGIN);
    expect(sut.title).toBe(`Grace Hopper on Wave: "${content.slice(0, 110)}..."`);
    expect(sut.description.length).toBeLessThanOrEqual(160);
    expect(sut.description.endsWith('...')).toBe(true);
  });

  it('names the author of a post without text', () => {
    const sut = postHead(makeTweet({ content: '', imageUrls: ['/objects/uploads/a'] }), ORIGIN);
    expect(sut.title).toBe('Post by Grace Hopper · Wave');
    expect(sut.description).toBe('A post by Grace Hopper (@grace) on Wave.');
  });
});

describe(profileHead.name, () => {
  it('describes a profile by its bio and avatar, at /profile/{id} as its ProfilePage says', () => {
    const user = makeUser({ bio: 'First programmer.', profileImageUrl: '/objects/uploads/ada' });
    const sut = profileHead(user, ORIGIN);
    expect(sut).toMatchObject({
      title: 'Ada Lovelace (@ada) · Wave',
      description: 'First programmer.',
      url: `${ORIGIN}/profile/${user.id}`,
      type: 'profile',
      image: `${ORIGIN}/objects/uploads/ada/display`,
      largeImage: false,
      properties: [['profile:username', 'ada']],
    });
    expect(sut.jsonLd).toMatchObject({ '@type': 'ProfilePage', url: sut.url });
  });

  it('says whose posts they are without a bio', () => {
    expect(profileHead(makeUser(), ORIGIN).description).toBe(
      'The latest posts from Ada Lovelace (@ada) on Wave.',
    );
  });
});

describe(communityHead.name, () => {
  it('describes a public community by its card: name, description, icon', () => {
    const community = makeDetail({
      name: 'Rustaceans',
      description: 'Ownership, borrowing and friends',
      iconUrl: '/objects/uploads/crab',
    });
    expect(communityHead(community, ORIGIN)).toEqual({
      title: 'Rustaceans · Wave',
      description: 'Ownership, borrowing and friends',
      url: `${ORIGIN}/community/${COMMUNITY_ID}`,
      type: 'website',
      image: `${ORIGIN}/objects/uploads/crab/display`,
      largeImage: false,
      properties: [],
      jsonLd: null,
      noIndex: false,
    });
  });

  it('says what a community without a description is about', () => {
    const community = makeDetail({ description: '', category: 'Art & Design', memberCount: 1 });
    expect(communityHead(community, ORIGIN).description).toBe(
      'A community on Wave about Art & Design, with 1 member.',
    );
  });

  it('says nothing of a private community: no name, description, icon or post', () => {
    const community = makeDetail({
      name: 'Secret Society',
      description: 'Whispers only',
      iconUrl: '/objects/uploads/owl',
      isPrivate: true,
      canViewPosts: true,
      posts: [makePost({ content: 'The password is swordfish' })],
    });
    const sut = communityHead(community, ORIGIN);
    expect(sut).toEqual({
      title: 'Private community · Wave',
      description: 'A private community on Wave: only its members see its posts.',
      url: `${ORIGIN}/community/${COMMUNITY_ID}`,
      type: 'website',
      image: null,
      largeImage: false,
      properties: [],
      jsonLd: null,
      noIndex: true,
    });
    expect(JSON.stringify(sut)).not.toMatch(/Secret|Whispers|owl|swordfish/);
  });
});

describe(communityPostHead.name, () => {
  it("describes a public community's post at its own community's address", () => {
    const post = makePost({
      communityId: COMMUNITY_ID,
      content: 'Welcome, everyone',
      mediaUrls: ['/objects/uploads/welcome'],
    });
    expect(communityPostHead(post, ORIGIN)).toMatchObject({
      title: 'Grace Hopper on Wave: "Welcome, everyone"',
      description: 'Welcome, everyone',
      url: `${ORIGIN}/community/${COMMUNITY_ID}/post/${post.id}`,
      image: `${ORIGIN}/objects/uploads/welcome/display`,
      largeImage: true,
      jsonLd: null,
    });
  });

  it("says only that a private community's post is one", () => {
    const postId = '0190a1b2-3333-7000-8000-000000000009';
    expect(privateCommunityPostHead(ORIGIN, COMMUNITY_ID, postId)).toMatchObject({
      title: 'Post in a private community · Wave',
      url: `${ORIGIN}/community/${COMMUNITY_ID}/post/${postId}`,
      image: null,
      noIndex: true,
    });
  });
});
