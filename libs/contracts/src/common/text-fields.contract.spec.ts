import type { z } from 'zod';
import {
  createCommentRequestSchema,
  createCommunityPostRequestSchema,
  createCommunityRequestSchema,
  listCommunitiesQuerySchema,
  updateCommunityRequestSchema,
} from '../communities/community.contract';
import { searchAnalyticsRequestSchema, searchQuerySchema } from '../search/search.contract';
import {
  createTweetRequestSchema,
  linkPreviewRequestSchema,
  replyRequestSchema,
  updateTweetRequestSchema,
} from '../tweets/tweet.contract';
import {
  idOrUsernameSchema,
  loginRequestSchema,
  registerRequestSchema,
  updateProfileImageRequestSchema,
  updateProfileRequestSchema,
} from '../users/user.contract';
import { pageQuerySchema } from './pagination.contract';

const NUL = '\u0000';
const firstMessage = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

/** Every text field of every request, with U+0000 in it: refused, naming the field. */
describe('text fields of the request contracts', () => {
  const account = {
    displayName: 'Ada',
    username: 'ada',
    email: 'ada@example.test',
    password: 'secret password',
  };
  const community = { name: 'Bakers', category: 'Cooking' };
  const analytics = { query: 'wave', resultId: 'wave', resultType: 'hashtag' };

  it.each<[string, z.ZodType, unknown, string]>([
    [
      'a display name',
      registerRequestSchema,
      { ...account, displayName: `A${NUL}` },
      'Display name',
    ],
    ['a username', registerRequestSchema, { ...account, username: `ada${NUL}` }, 'Username'],
    ['an email', registerRequestSchema, { ...account, email: `a${NUL}@b.c` }, 'Email'],
    ['a new password', registerRequestSchema, { ...account, password: `secret${NUL}` }, 'Password'],
    ['a sign-in email', loginRequestSchema, { email: `a${NUL}@b.c`, password: 'x' }, 'Email'],
    ['a sign-in password', loginRequestSchema, { email: 'a@b.c', password: `x${NUL}` }, 'Password'],
    ['a new display name', updateProfileRequestSchema, { displayName: NUL }, 'Display name'],
    ['a first name', updateProfileRequestSchema, { firstName: NUL }, 'First name'],
    ['a last name', updateProfileRequestSchema, { lastName: NUL }, 'Last name'],
    ['a bio', updateProfileRequestSchema, { bio: NUL }, 'Bio'],
    [
      'a profile image URL',
      updateProfileImageRequestSchema,
      { imageUrl: `/objects/${NUL}`, imageType: 'profile' },
      'imageUrl',
    ],
    ['a post', createTweetRequestSchema, { content: NUL }, 'content'],
    ['an edit', updateTweetRequestSchema, { content: NUL }, 'content'],
    ['a reply', replyRequestSchema, { content: NUL }, 'content'],
    ['a link to preview', linkPreviewRequestSchema, { url: `https://a.b/${NUL}` }, 'url'],
    [
      'a post’s link preview',
      createTweetRequestSchema,
      { content: 'x', linkPreview: { url: `https://a.b/${NUL}` } },
      'linkPreview.url',
    ],
    ['a community name', createCommunityRequestSchema, { ...community, name: NUL }, 'name'],
    [
      'a community description',
      createCommunityRequestSchema,
      { ...community, description: NUL },
      'description',
    ],
    ['a category', createCommunityRequestSchema, { ...community, category: NUL }, 'category'],
    ['a rule', updateCommunityRequestSchema, { rules: [NUL] }, 'a rule'],
    ['a community post', createCommunityPostRequestSchema, { content: NUL }, 'content'],
    ['a comment', createCommentRequestSchema, { content: NUL }, 'content'],
    ['a community search', listCommunitiesQuerySchema, { search: NUL }, 'search'],
    ['a category filter', listCommunitiesQuerySchema, { category: NUL }, 'category'],
    ['a search', searchQuerySchema, { q: NUL }, 'q'],
    [
      'a search analytics query',
      searchAnalyticsRequestSchema,
      { ...analytics, query: NUL },
      'query',
    ],
    [
      'a search analytics result',
      searchAnalyticsRequestSchema,
      { ...analytics, resultId: NUL },
      'resultId',
    ],
    ['a cursor', pageQuerySchema, { cursor: NUL }, 'cursor'],
  ])('refuses U+0000 in %s', (_name, schema, value, label) => {
    expect(firstMessage(schema, value)).toBe(`${label} must not contain control characters`);
  });

  it('reads a user reference in a path as an id or a username, nothing else', () => {
    expect(idOrUsernameSchema.parse('ada_1')).toBe('ada_1');
    expect(idOrUsernameSchema.parse('0190a5d6-3c2e-7cc2-9a4b-4d8e0c1f2a3b')).toBe(
      '0190a5d6-3c2e-7cc2-9a4b-4d8e0c1f2a3b',
    );
    for (const value of [NUL, 'ada\u0000', 'a', 'ada lovelace', 'ada%00']) {
      expect(firstMessage(idOrUsernameSchema, value)).toBe(
        'User must be given by a valid id or username',
      );
    }
  });

  it('strips bidirectional controls from names and clears optional text with nothing visible', () => {
    expect(
      updateProfileRequestSchema.parse({
        displayName: 'Ada\u202egnp.exe',
        lastName: '\u2066Lovelace\u2069',
        bio: '\u200b \u2800',
      }),
    ).toEqual({ displayName: 'Adagnp.exe', lastName: 'Lovelace', bio: null });
    expect(createCommunityRequestSchema.parse({ ...community, name: 'Ba\u202ekers' }).name).toBe(
      'Bakers',
    );
  });

  it('keeps its emptiness messages for text with nothing visible', () => {
    expect(firstMessage(registerRequestSchema, { ...account, displayName: '\u3164' })).toBe(
      'Display name is required',
    );
    expect(firstMessage(createTweetRequestSchema, { content: '\u200b' })).toBe(
      'A post needs text or an image',
    );
    expect(
      createTweetRequestSchema.parse({ content: '\u200b', imageUrls: ['/objects/uploads/a'] }),
    ).toEqual({ content: '', imageUrls: ['/objects/uploads/a'] });
    expect(firstMessage(updateTweetRequestSchema, { content: '\u202e' })).toBe(
      'A post cannot be empty',
    );
    expect(firstMessage(replyRequestSchema, { content: '\u2060' })).toBe('A reply cannot be empty');
    expect(firstMessage(createCommunityPostRequestSchema, { content: '\u2800' })).toBe(
      'A post cannot be empty',
    );
    expect(firstMessage(createCommentRequestSchema, { content: '\ufeff' })).toBe(
      'A comment cannot be empty',
    );
    expect(
      firstMessage(createCommunityRequestSchema, { ...community, name: '\u200b'.repeat(5) }),
    ).toBe('name must be at least 3 characters');
    expect(firstMessage(updateCommunityRequestSchema, { rules: ['\u200b'] })).toBe(
      'a rule cannot be empty',
    );
    expect(firstMessage(searchQuerySchema, { q: '\u200b' })).toBe('q is required');
    expect(firstMessage(searchAnalyticsRequestSchema, { ...analytics, query: ' ' })).toBe(
      'query is required',
    );
    expect(listCommunitiesQuerySchema.parse({ search: '\u200b' })).toEqual({
      category: null,
      search: null,
    });
  });

  it('stores text in NFC and counts it after normalisation', () => {
    expect(updateTweetRequestSchema.parse({ content: 'cafe\u0301' })).toEqual({
      content: 'caf\u00e9',
    });
    expect(updateTweetRequestSchema.safeParse({ content: 'e\u0301'.repeat(280) }).success).toBe(
      true,
    );
    expect(firstMessage(updateTweetRequestSchema, { content: 'e'.repeat(281) })).toBe(
      'A post can be at most 280 characters',
    );
  });
});
