import {
  detectLinks,
  findLinks,
  hostnameOf,
  isLocalHost,
  splitLinks,
  trimLinkEnd,
} from './link-detection';

const OWN = 'wave.example:8080';

describe('detectLinks', () => {
  it.each([
    ['an https URL', 'see https://example.com/page', ['https://example.com/page']],
    ['a bare domain, as https', 'go to example.com now', ['https://example.com/']],
    [
      'a bare domain with a path',
      'read news.ycombinator.com/item?id=1',
      ['https://news.ycombinator.com/item?id=1'],
    ],
    ['www subdomains', 'www.wikipedia.org', ['https://www.wikipedia.org/']],
    ['a two-level country domain', 'bbc.co.uk/news', ['https://bbc.co.uk/news']],
    ['every listed TLD (dev)', 'web.dev', ['https://web.dev/']],
    ['every listed TLD (ai)', 'openai.ai', ['https://openai.ai/']],
    ['every listed TLD (tv)', 'twitch.tv/x', ['https://twitch.tv/x']],
    ['upper case, normalised', 'HTTPS://Example.COM/Path', ['https://example.com/Path']],
    ['a port', 'https://example.com:8443/a', ['https://example.com:8443/a']],
    ['query and fragment', 'https://example.com/a?b=1#c', ['https://example.com/a?b=1#c']],
  ])('finds %s', (_name, text, expected) => {
    expect(detectLinks(text, OWN)).toEqual(expected);
  });

  it('keeps the order of appearance and removes duplicates (also across spellings)', () => {
    expect(detectLinks('a.com then https://b.org and https://a.com/ and A.COM again', OWN)).toEqual(
      ['https://a.com/', 'https://b.org/'],
    );
  });

  it.each([
    ['an unlisted TLD', 'see example.xyz and readme.md'],
    ['file names', 'edit index.ts and node.js and main.py'],
    ['an e-mail address', 'mail me@example.com'],
    ['plain http URLs (only https is matched)', 'http://example.com/page'],
    ['other schemes', 'ftp://example.com/file javascript:alert(1) mailto:a@b.com'],
    ['a domain continuing past a listed TLD', 'example.community and example.com.au'],
    ['an abbreviation', 'e.g. i.e. etc.'],
    ['localhost', 'https://localhost:3000/x https://127.0.0.1/ https://app.localhost/'],
    [
      'the own host, any port or path',
      'https://wave.example/tweet/1 wave.example https://WAVE.example:9/',
    ],
    ['URLs with credentials', 'https://bank.com@evil.com/login'],
    ['nothing', ''],
  ])('skips %s', (_name, text) => {
    expect(detectLinks(text, OWN)).toEqual([]);
  });

  it('still finds other links next to skipped ones', () => {
    expect(detectLinks('https://localhost/a wave.example github.com/wave', OWN)).toEqual([
      'https://github.com/wave',
    ]);
  });

  it('drops trailing punctuation and unbalanced brackets', () => {
    expect(detectLinks('Look (https://example.com/a). Wow, example.org!', OWN)).toEqual([
      'https://example.com/a',
      'https://example.org/',
    ]);
    expect(detectLinks('https://en.wikipedia.org/wiki/Wave_(physics), yes', OWN)).toEqual([
      'https://en.wikipedia.org/wiki/Wave_(physics)',
    ]);
  });

  it('works without an own host', () => {
    expect(detectLinks('wave.example.com', '')).toEqual(['https://wave.example.com/']);
  });
});

describe('splitLinks', () => {
  it('cuts text into text and links, http included, keeping the text as written', () => {
    expect(splitLinks('hi http://a.com/x and b.io.')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'link', text: 'http://a.com/x', href: 'http://a.com/x' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'b.io', href: 'https://b.io/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves markup and other schemes as text', () => {
    const text = '<img src=x onerror=alert(1)> javascript:alert(1)';
    expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
  });

  it('answers nothing for empty text, one part for plain text', () => {
    expect(splitLinks('')).toEqual([]);
    expect(splitLinks('just words')).toEqual([{ kind: 'text', text: 'just words' }]);
  });

  it('reports positions', () => {
    const [link] = findLinks('ab example.com cd');
    expect(link).toMatchObject({ start: 3, end: 14, explicit: false });
  });
});

describe('helpers', () => {
  it('trims link ends', () => {
    expect(trimLinkEnd('https://a.com/x).')).toBe('https://a.com/x');
    expect(trimLinkEnd('https://a.com/(x)')).toBe('https://a.com/(x)');
    expect(trimLinkEnd('a.com"')).toBe('a.com');
  });

  it('knows localhost', () => {
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('api.localhost')).toBe(true);
    expect(isLocalHost('127.0.0.1')).toBe(true);
    expect(isLocalHost('example.com')).toBe(false);
  });

  it('reads host names', () => {
    expect(hostnameOf('Wave.Example:8080')).toBe('wave.example');
    expect(hostnameOf('')).toBe('');
  });
});
