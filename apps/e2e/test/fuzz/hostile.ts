import fc from 'fast-check';

/**
 * Inputs that have broken servers before: control characters (PostgreSQL
 * refuses U+0000), lone surrogates (not valid UTF-8), invisible and
 * direction-changing characters, very long text, numbers at the edges,
 * and names that matter to JavaScript objects.
 */
const SPECIAL_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f',
  '\u007f',
  '\u0085',
  '\r\n',
  '\u2028\u2029',
  '\u200b',
  '\u200b\u200b\u200b',
  '\u202e',
  '\u202eevil\u202c',
  '\u2066\u2069',
  '\ufeff',
  '\u3164',
  '\u2800',
  '\ud800',
  '\udfff',
  'a\ud83d',
  '\udc00a',
  'e\u0301',
  '\u0301'.repeat(500),
  '😀'.repeat(300),
  // Its lower case is two code points: a limit checked before lowercasing can be overrun after.
  'İ'.repeat(50),
  `#${'İ'.repeat(100)}`,
  '%00',
  '%',
  '%E0%A4%A',
  '../../../etc/passwd',
  '..%2f..%2f',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '\\',
  '"',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '#',
  '#'.repeat(300),
  '@',
  'http://127.0.0.1:1/',
  'http://[::1]/',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'x'.repeat(100 * 1024),
  '\u0000'.repeat(10 * 1024),
];

/** Any UTF-16 code unit, surrogate halves included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/** A C0 or C1 control character. */
const control = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: control, minLength: 1, maxLength: 5 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), control, fc.string({ maxLength: 10 }))
      .map(([before, bad, after]) => `${before}${bad}${after}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
);

const hostileNumber: fc.Arbitrary<number> = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_VALUE,
  2 ** 31,
  2 ** 53,
);

/** Scalars and containers of the wrong kind for wherever they land. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constant(new Array(5_000).fill('a')) },
);

/**
 * Raw JSON documents no contract describes: nesting deeper than any parser's
 * recursion should be trusted with, keys that matter to JavaScript objects,
 * and texts that are not JSON at all.
 */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1_000, max: 400_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc
    .integer({ min: 1_000, max: 100_000 })
    .map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constant('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'),
  fc.constant('{"content":"a","content":"b"}'),
  fc.constantFrom('', ' ', 'null', 'true', '0', '"text"', '[]', '{', '{"a":}', '\u0000', 'NaN'),
  fc.string({ unit: codeUnit, maxLength: 60 }),
);
