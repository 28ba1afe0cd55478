import { impressionRecord, isCrawler, pageViewRecord, viewerKeyOf } from './view-records';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const POST = '0190b1de-1111-7000-8000-00000000000A';
const KEY = 'ab'.repeat(16);
const now = new Date('2026-11-27T10:00:00.000Z');

describe('view records', () => {
  it('makes a reader’s view of /tweet/{id} a view of that post, by member or visitor key', () => {
    expect(
      pageViewRecord(
        { url: `/tweet/${POST}?ref=share`, userAgent: FIREFOX },
        { userId: null, visitor: KEY, userAgent: FIREFOX },
        now,
      ),
    ).toEqual({
      at: '2026-11-27T10:00:00.000Z',
      kind: 'page',
      url: `/tweet/${POST}?ref=share`,
      postIds: [POST.toLowerCase()],
      userId: null,
      visitor: KEY,
      userAgent: null,
    });
    expect(
      pageViewRecord(
        { url: '/explore', userAgent: FIREFOX },
        { userId: 'u', visitor: null, userAgent: FIREFOX },
      ),
    ).toMatchObject({ kind: 'page', postIds: [], userId: 'u' });
  });

  it('counts a crawler apart, by either user agent, keeping the one that gave it away', () => {
    const byBody = pageViewRecord(
      { url: `/tweet/${POST}`, userAgent: GOOGLEBOT },
      { userId: null, visitor: KEY, userAgent: FIREFOX },
    );
    expect(byBody).toMatchObject({ kind: 'crawler', postIds: [], userAgent: GOOGLEBOT });
    const byHeader = pageViewRecord(
      { url: '/explore', userAgent: FIREFOX },
      { userId: null, visitor: KEY, userAgent: 'curl/8.5.0' },
    );
    expect(byHeader).toMatchObject({ kind: 'crawler', userAgent: 'curl/8.5.0' });
    expect(isCrawler('', FIREFOX)).toBe(false);
  });

  it('drops a visitor key that is not the gateway’s, so the view cannot be told apart', () => {
    const record = pageViewRecord(
      { url: '/explore', userAgent: FIREFOX },
      { userId: null, visitor: 'not-a-key', userAgent: FIREFOX },
    );
    expect(record.visitor).toBeNull();
    expect(viewerKeyOf(record)).toBeNull();
    expect(viewerKeyOf({ userId: 'u1', visitor: KEY })).toBe('u:u1');
    expect(viewerKeyOf({ userId: null, visitor: KEY })).toBe(`v:${KEY}`);
  });

  it('names each post of an impression report once, and drops a crawler’s report', () => {
    expect(
      impressionRecord(
        { tweetIds: [POST, POST.toLowerCase()] },
        { userId: 'u', visitor: null, userAgent: FIREFOX },
        now,
      ),
    ).toMatchObject({ kind: 'impression', url: null, postIds: [POST.toLowerCase()] });
    expect(
      impressionRecord({ tweetIds: [POST] }, { userId: null, visitor: KEY, userAgent: GOOGLEBOT }),
    ).toBeNull();
  });
});
