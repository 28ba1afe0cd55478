// @vitest-environment node
import { isUuid, USERNAME_PATTERN as CONTRACT_USERNAME_PATTERN } from '@wave/contracts';
import { isWellFormed, matchPageRoute, USERNAME_PATTERN, UUID_PATTERN } from './page-routes';

const ID = '0190a1b2-0000-7000-8000-0000000000aa';
const OTHER_ID = '0190a1b2-0000-7000-8000-0000000000bb';

describe(matchPageRoute.name, () => {
  it.each([
    [`/tweet/${ID}`, { kind: 'post', postId: ID }],
    [`/tweet/${ID}/`, { kind: 'post', postId: ID }],
    ['/profile/ada_l', { kind: 'profile', userIdentifier: 'ada_l' }],
    [`/community/${ID}`, { kind: 'community', communityId: ID }],
    [
      `/community/${ID}/post/${OTHER_ID}`,
      { kind: 'community-post', communityId: ID, postId: OTHER_ID },
    ],
  ])('reads %s', (path, route) => {
    expect(matchPageRoute(path)).toEqual(route);
  });

  it.each([
    '/',
    '/tweet',
    '/tweet/',
    `/tweet/${ID}/likes`,
    '/profile',
    `/community/${ID}/manage`,
    `/communities/${ID}`,
    '/explore',
    '/assets/index.js',
    '/api/tweets',
  ])('leaves %s to the app', (path) => {
    expect(matchPageRoute(path)).toBeNull();
  });

  it('decodes each segment once, and names nothing with one that cannot be decoded', () => {
    expect(matchPageRoute('/profile/ada%5Fl')).toEqual({
      kind: 'profile',
      userIdentifier: 'ada_l',
    });
    expect(matchPageRoute('/profile/%E0%A4%A')).toEqual({ kind: 'profile', userIdentifier: '' });
  });
});

describe(isWellFormed.name, () => {
  it('takes UUIDs, and a username or a UUID for a profile', () => {
    expect(isWellFormed({ kind: 'post', postId: ID })).toBe(true);
    expect(isWellFormed({ kind: 'profile', userIdentifier: 'ada_l' })).toBe(true);
    expect(isWellFormed({ kind: 'profile', userIdentifier: ID })).toBe(true);
    expect(isWellFormed({ kind: 'community', communityId: ID })).toBe(true);
    expect(isWellFormed({ kind: 'community-post', communityId: ID, postId: OTHER_ID })).toBe(true);
  });

  it.each([
    { kind: 'post', postId: 'not-an-id' },
    { kind: 'post', postId: '..' },
    { kind: 'post', postId: `${ID}?x=1` },
    { kind: 'profile', userIdentifier: '../tweets' },
    { kind: 'profile', userIdentifier: 'ab' },
    { kind: 'profile', userIdentifier: '' },
    { kind: 'community', communityId: 'nope' },
    { kind: 'community-post', communityId: ID, postId: 'nope' },
  ] as const)('refuses %o before any call', (route) => {
    expect(isWellFormed(route)).toBe(false);
  });

  it("agrees with the contracts' id and username rules", () => {
    for (const value of [ID, ID.toUpperCase(), 'ada', 'a'.repeat(30), 'a'.repeat(31), 'x-y', '']) {
      expect({ value, uuid: UUID_PATTERN.test(value) }).toEqual({ value, uuid: isUuid(value) });
      expect({ value, username: USERNAME_PATTERN.test(value) }).toEqual({
        value,
        username: CONTRACT_USERNAME_PATTERN.test(value),
      });
    }
    expect(USERNAME_PATTERN.source).toBe(CONTRACT_USERNAME_PATTERN.source);
  });
});
