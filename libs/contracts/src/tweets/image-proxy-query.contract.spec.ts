import { imageProxyQuerySchema } from './tweet.contract';

describe('imageProxyQuerySchema', () => {
  it('accepts one http(s) URL, trimmed, with or without its signature', () => {
    expect(imageProxyQuerySchema.parse({ url: ' https://cdn.example.com/a.png ' })).toEqual({
      url: 'https://cdn.example.com/a.png',
    });
    expect(
      imageProxyQuerySchema.parse({ url: 'https://cdn.example.com/a.png', sig: 'abc_-' }),
    ).toEqual({ url: 'https://cdn.example.com/a.png', sig: 'abc_-' });
  });

  it.each([
    [{}, 'url is required'],
    [{ url: '' }, 'url is required'],
    [{ url: ['https://a.example/1.png', 'https://b.example/2.png'] }, 'url must be one URL'],
    [{ url: 'ftp://example.com/a.png' }, 'url must be an http or https URL'],
    [{ url: 'javascript:alert(1)' }, 'url must be an http or https URL'],
    [{ url: 'not a url' }, 'url must be an http or https URL'],
    [{ url: `https://example.com/${'a'.repeat(2048)}` }, 'url must be at most 2048 characters'],
    [{ url: 'https://a.example/1.png', sig: ['a', 'b'] }, 'sig must be one signature'],
    [{ url: 'https://a.example/1.png', sig: 'a'.repeat(129) }, 'sig must be one signature'],
  ])('refuses %p', (query, message) => {
    const result = imageProxyQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
