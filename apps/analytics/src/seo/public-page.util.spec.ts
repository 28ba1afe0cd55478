import { publicPageKindOf } from './public-page.util';

const ID = '0190b1de-1111-7000-8000-000000000001';

describe(publicPageKindOf.name, () => {
  it.each([
    [`/tweet/${ID}`, 'post'],
    ['/profile/ada_lovelace', 'profile'],
    [`/profile/${ID}`, 'profile'],
    [`/profile/${ID.toUpperCase()}`, 'profile'],
    [`/community/${ID}`, 'community'],
  ])('knows %s as a %s page', (path, kind) => {
    expect(publicPageKindOf(path)).toBe(kind);
  });

  it.each([
    '/',
    '/explore',
    '/tweet/not-an-id',
    `/tweet/${ID}/likes`,
    '/profile/',
    '/profile/a-b',
    `/profile/${'a'.repeat(51)}`,
    `/community/${ID}/post/${ID}`,
  ])('leaves %s out', (path) => {
    expect(publicPageKindOf(path)).toBeNull();
  });
});
