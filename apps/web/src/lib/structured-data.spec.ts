import {
  buildOrganizationSchema,
  buildProfilePageSchema,
  buildSocialMediaPostingSchema,
  buildWebSiteSchema,
  HEADLINE_ELLIPSIS,
  HEADLINE_MAX_LENGTH,
  injectStructuredData,
  postHeadline,
  serializeJsonLd,
  type StructuredDataPost,
  type StructuredDataUser,
} from './structured-data';

const BASE = 'https://wave.example';

const user = (overrides: Partial<StructuredDataUser> = {}): StructuredDataUser => ({
  id: '0190a1b2-0000-7000-8000-000000000001',
  username: 'ada',
  displayName: 'Ada Lovelace',
  bio: 'First programmer.',
  profileImageUrl: '/objects/uploads/avatar-1',
  createdAt: '2026-03-02T10:00:00.000Z',
  followersCount: 1200,
  followingCount: 42,
  ...overrides,
});

const post = (overrides: Partial<StructuredDataPost> = {}): StructuredDataPost => ({
  id: '0190a1b2-0000-7000-8000-0000000000aa',
  content: 'Hello, Wave!',
  createdAt: '2026-03-03T12:00:00.000Z',
  likesCount: 3,
  retweetsCount: 2,
  repliesCount: 1,
  author: { id: 'author-1', username: 'ada', displayName: 'Ada Lovelace' },
  ...overrides,
});

describe('postHeadline', () => {
  it('keeps a text of exactly 110 characters whole', () => {
    const text = 'a'.repeat(HEADLINE_MAX_LENGTH);
    expect(postHeadline(text)).toBe(text);
  });

  it('cuts a longer text at exactly 110 characters and adds the ellipsis', () => {
    const text = `${'a'.repeat(HEADLINE_MAX_LENGTH)}bcdef`;
    const headline = postHeadline(text);
    expect(headline).toBe(`${'a'.repeat(110)}${HEADLINE_ELLIPSIS}`);
    expect(headline).toBe(`${'a'.repeat(110)}...`);
    expect(headline.length).toBe(113);
  });

  it('counts characters, not UTF-16 units, so an emoji is never split', () => {
    const text = '🌊'.repeat(111);
    expect(postHeadline(text)).toBe(`${'🌊'.repeat(110)}...`);
  });

  it('puts the text on one line and falls back when there is none', () => {
    expect(postHeadline('  two\n\nlines  ')).toBe('two lines');
    expect(postHeadline('   ', 'A post by Ada')).toBe('A post by Ada');
  });
});

describe('buildWebSiteSchema and buildOrganizationSchema', () => {
  it('describe the site at its base URL', () => {
    expect(buildWebSiteSchema(BASE)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Wave',
      url: 'https://wave.example/',
    });
    expect(buildOrganizationSchema(BASE)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Wave',
      url: 'https://wave.example/',
    });
    expect(buildOrganizationSchema(BASE)).not.toHaveProperty('logo');
    expect(buildOrganizationSchema(BASE, '/logo.png')).toHaveProperty(
      'logo',
      'https://wave.example/logo.png',
    );
  });
});

describe('buildProfilePageSchema', () => {
  it('is a ProfilePage at /profile/{id} about the person', () => {
    const sut = buildProfilePageSchema(user(), BASE);
    expect(sut).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: 'https://wave.example/profile/0190a1b2-0000-7000-8000-000000000001',
      name: 'Ada Lovelace (@ada)',
      dateCreated: '2026-03-02T10:00:00.000Z',
      mainEntity: {
        '@type': 'Person',
        identifier: '0190a1b2-0000-7000-8000-000000000001',
        name: 'Ada Lovelace',
        alternateName: '@ada',
        description: 'First programmer.',
        image: 'https://wave.example/objects/uploads/avatar-1',
        url: 'https://wave.example/profile/0190a1b2-0000-7000-8000-000000000001',
        interactionStatistic: [
          {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/FollowAction',
            userInteractionCount: 1200,
          },
        ],
        agentInteractionStatistic: {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/FollowAction',
          userInteractionCount: 42,
        },
      },
    });
  });

  it('leaves out what the user has not filled in', () => {
    const sut = buildProfilePageSchema(user({ bio: null, profileImageUrl: null }), BASE);
    expect(sut['mainEntity']).not.toHaveProperty('description');
    expect(sut['mainEntity']).not.toHaveProperty('image');
  });
});

describe('buildSocialMediaPostingSchema', () => {
  it('is a SocialMediaPosting at /tweet/{id} with its author and counts', () => {
    const sut = buildSocialMediaPostingSchema(
      post({ imageUrls: ['/objects/uploads/a', '/objects/uploads/b'] }),
      BASE,
    );
    expect(sut).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SocialMediaPosting',
      url: 'https://wave.example/tweet/0190a1b2-0000-7000-8000-0000000000aa',
      headline: 'Hello, Wave!',
      articleBody: 'Hello, Wave!',
      datePublished: '2026-03-03T12:00:00.000Z',
      author: {
        '@type': 'Person',
        name: 'Ada Lovelace',
        alternateName: '@ada',
        url: 'https://wave.example/profile/author-1',
      },
      image: ['https://wave.example/objects/uploads/a', 'https://wave.example/objects/uploads/b'],
      commentCount: 1,
    });
    expect(sut['interactionStatistic']).toEqual([
      expect.objectContaining({
        interactionType: 'https://schema.org/LikeAction',
        userInteractionCount: 3,
      }),
      expect.objectContaining({
        interactionType: 'https://schema.org/ShareAction',
        userInteractionCount: 2,
      }),
      expect.objectContaining({
        interactionType: 'https://schema.org/CommentAction',
        userInteractionCount: 1,
      }),
    ]);
  });

  it('cuts the headline at 110 characters but keeps the whole body', () => {
    const content = 'x'.repeat(200);
    const sut = buildSocialMediaPostingSchema(post({ content }), BASE);
    expect(sut['headline']).toBe(`${'x'.repeat(110)}...`);
    expect(sut['articleBody']).toBe(content);
  });

  it('gives an image-only post a headline and never points at a data URL', () => {
    const sut = buildSocialMediaPostingSchema(
      post({ content: '', imageUrl: 'data:image/png;base64,AAAA' }),
      BASE,
    );
    expect(sut['headline']).toBe('A post by Ada Lovelace');
    expect(sut).not.toHaveProperty('image');
    expect(sut).not.toHaveProperty('articleBody');
  });
});

describe('injectStructuredData', () => {
  it('adds a JSON-LD script to the head and removes it again', () => {
    const data = buildWebSiteSchema(BASE);
    const remove = injectStructuredData(data);
    const script = document.head.querySelector('script[type="application/ld+json"]');
    expect(script).not.toBeNull();
    expect(JSON.parse(script?.textContent ?? '')).toEqual(data);
    remove();
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('escapes what could close the script element', () => {
    const json = serializeJsonLd({ '@type': 'Thing', name: '</script><b>&' });
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(JSON.parse(json)).toEqual({ '@type': 'Thing', name: '</script><b>&' });
  });
});
