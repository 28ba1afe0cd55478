import { ApiError } from '../../../lib/api-client';
import { json, mockFetch } from '../../../testing/test-utils';
import { recordImpressions } from './record-impressions';

describe('recordImpressions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the ids as JSON, with cookies, in a request that outlives the page', async () => {
    const { calls } = mockFetch(() => new Response(null, { status: 202 }));
    const ids = ['0190a1b2-1111-7000-8000-000000000001', '0190a1b2-1111-7000-8000-000000000002'];
    await recordImpressions(ids);
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/analytics/impressions',
        body: { tweetIds: ids },
        headers: { 'content-type': 'application/json' },
        init: expect.objectContaining({ keepalive: true, credentials: 'include' }),
      }),
    ]);
  });

  it('fails with the spec’s message format', async () => {
    mockFetch(() => json(400, { message: 'tweetIds can name at most 100 posts' }));
    const failure = recordImpressions(['x']);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('400: {"message":"tweetIds can name at most 100 posts"}');
  });
});
