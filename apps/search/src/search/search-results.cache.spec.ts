import type { SearchQuery, SearchResult } from '@wave/contracts';
import { SearchResultsCache } from './search-results.cache';

const query = (q: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  q,
  type: 'all',
  dateRange: 'all',
  verified: 'all',
  limit: 20,
  ...extra,
});

const post = (id: string, content: string): SearchResult => ({
  type: 'post',
  id,
  username: 'ada',
  displayName: 'Ada',
  content,
  count: null,
  verified: false,
  createdAt: '2026-11-29T00:00:00.000Z',
});

/** A search engine stand-in that counts its searches and answers what it is told. */
function engine(answer: (q: SearchQuery) => SearchResult[] = () => []) {
  const asked: string[] = [];
  return {
    asked,
    search: (q: SearchQuery) => () => {
      asked.push(q.q);
      return Promise.resolve(answer(q));
    },
  };
}

/** A search whose answer the test releases, to hold it in flight. */
function heldSearch() {
  let release!: (results: SearchResult[]) => void;
  const answer = new Promise<SearchResult[]>((resolve) => (release = resolve));
  return { search: () => answer, release };
}

describe(SearchResultsCache.name, () => {
  let clock = 0;
  const cache = (ttlMs = 1_000, maxEntries = 100) =>
    new SearchResultsCache({ ttlMs, maxEntries, now: () => clock });
  beforeEach(() => (clock = 1_000));

  it('answers the same search from memory until it is ttlMs old', async () => {
    const sut = cache();
    const stub = engine(() => [post('p1', 'launch day')]);
    const first = await sut.get(query('launch'), stub.search(query('launch')));
    clock += 999;
    expect(await sut.get(query('launch'), stub.search(query('launch')))).toBe(first);
    expect(stub.asked).toEqual(['launch']);
    clock += 2;
    await sut.get(query('launch'), stub.search(query('launch')));
    expect(stub.asked).toEqual(['launch', 'launch']);
  });

  it('keeps searches that differ in any parameter apart', async () => {
    const sut = cache();
    const stub = engine();
    for (const q of [
      query('launch'),
      query('launch', { type: 'posts' }),
      query('launch', { dateRange: 'week' }),
      query('launch', { verified: 'verified' }),
      query('launch', { limit: 5 }),
      query('Launch'),
    ]) {
      await sut.get(q, stub.search(q));
    }
    expect(stub.asked).toHaveLength(6);
    expect(sut.size).toBe(6);
  });

  it('lets identical searches in flight share one answer', async () => {
    const sut = cache();
    const held = heldSearch();
    const stub = engine();
    const first = sut.get(query('bread'), async () => {
      stub.asked.push('bread');
      return held.search();
    });
    const second = sut.get(query('bread'), stub.search(query('bread')));
    held.release([post('p1', 'bread')]);
    expect(await second).toEqual(await first);
    expect(stub.asked).toEqual(['bread']);
  });

  it('drops a search when a post has one of its words, or a word its last word begins', async () => {
    const sut = cache();
    const stub = engine();
    const searches = [query('launch day'), query('sourdough bre'), query('#Bread'), query('kites')];
    for (const q of searches) await sut.get(q, stub.search(q));

    sut.changed({ text: 'Our LAUNCH is today' });
    sut.changed({ text: 'Fresh breakfast' });
    sut.changed({ text: 'no words of theirs', hashtags: ['bread'] });
    stub.asked.length = 0;
    for (const q of searches) await sut.get(q, stub.search(q));
    expect(stub.asked).toEqual(['launch day', 'sourdough bre', '#Bread']);
  });

  it('keeps a search whose words a post does not have, nor begins with its last word', async () => {
    const sut = cache();
    const stub = engine();
    await sut.get(query('bread'), stub.search(query('bread')));
    // "bre" begins "bread", not the other way round; "breadth" is another word.
    sut.changed({ text: 'bre brea shortbread' });
    await sut.get(query('bread'), stub.search(query('bread')));
    expect(stub.asked).toEqual(['bread']);
    sut.changed({ text: 'breadth' });
    await sut.get(query('bread'), stub.search(query('bread')));
    expect(stub.asked).toEqual(['bread', 'bread']);
  });

  it('drops the searches that list a deleted post, and only those', async () => {
    const sut = cache();
    const stub = engine((q) => (q.q === 'kites' ? [post('p7', 'kites')] : [post('p8', 'x')]));
    await sut.get(query('kites'), stub.search(query('kites')));
    await sut.get(query('lakes'), stub.search(query('lakes')));
    sut.deleted('p7');
    await sut.get(query('kites'), stub.search(query('kites')));
    await sut.get(query('lakes'), stub.search(query('lakes')));
    expect(stub.asked).toEqual(['kites', 'lakes', 'kites']);
  });

  it('does not keep a search that was in flight when a post it may list was written', async () => {
    const sut = cache();
    const held = heldSearch();
    const before = sut.get(query('comet'), held.search);
    sut.changed({ text: 'A comet tonight' });
    held.release([]);
    expect(await before).toEqual([]);

    const stub = engine(() => [post('p9', 'A comet tonight')]);
    expect(await sut.get(query('comet'), stub.search(query('comet')))).toEqual([
      post('p9', 'A comet tonight'),
    ]);
    expect(stub.asked).toEqual(['comet']);
  });

  it('forgets everything on clear, searches in flight included', async () => {
    const sut = cache();
    const held = heldSearch();
    const pending = sut.get(query('tide'), held.search);
    await sut.get(query('moon'), engine().search(query('moon')));
    sut.clear();
    held.release([]);
    await pending;
    expect(sut.size).toBe(0);
  });

  it('holds at most maxEntries searches, the least recently asked going first', async () => {
    const sut = cache(1_000, 2);
    const stub = engine();
    for (const q of ['a1', 'b2', 'a1', 'c3']) await sut.get(query(q), stub.search(query(q)));
    expect(sut.size).toBe(2);
    await sut.get(query('b2'), stub.search(query('b2')));
    expect(stub.asked).toEqual(['a1', 'b2', 'c3', 'b2']);
  });

  it('searches every time with a ttl of 0', async () => {
    const sut = cache(0);
    const stub = engine();
    await sut.get(query('x1'), stub.search(query('x1')));
    await sut.get(query('x1'), stub.search(query('x1')));
    expect(stub.asked).toEqual(['x1', 'x1']);
    expect(sut.size).toBe(0);
  });

  it('passes a failed search on and keeps nothing of it', async () => {
    const sut = cache();
    await expect(
      sut.get(query('oops'), () => Promise.reject(new Error('engine down'))),
    ).rejects.toThrow('engine down');
    const stub = engine();
    await sut.get(query('oops'), stub.search(query('oops')));
    expect(stub.asked).toEqual(['oops']);
  });
});
