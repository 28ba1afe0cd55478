import { postIdOfPage, rollupPathOf } from './page-path';

const id = '0190b1de-1111-7000-8000-000000000001';

describe(postIdOfPage.name, () => {
  it.each([
    [`/tweet/${id}`, id],
    [`/tweet/${id}/`, id],
    [`/tweet/${id}?ref=home#top`, id],
    [`/tweet/${id.toUpperCase()}`, id],
  ])('reads the post of %s', (url, expected) => {
    expect(postIdOfPage(url)).toBe(expected);
  });

  it.each([
    '/',
    '/tweet/',
    '/tweet/not-an-id',
    `/tweet/${id}/likes`,
    `/profile/${id}`,
    `/x/tweet/${id}`,
  ])('finds no post in %s', (url) => {
    expect(postIdOfPage(url)).toBeNull();
  });
});

describe(rollupPathOf.name, () => {
  it('drops the query and fragment and cuts long paths', () => {
    expect(rollupPathOf('/explore?q=wave#x')).toBe('/explore');
    expect(rollupPathOf(`/${'é'.repeat(600)}`)).toHaveLength(512);
  });
});
