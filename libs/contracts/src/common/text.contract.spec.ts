import { codePointLength, hasVisibleText, text } from './text.contract';

/** The parsed value, or the first message (what the 400 says). */
const outcome = (schema: ReturnType<typeof text>, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { message: result.error.issues[0]?.message };
};

describe(text.name, () => {
  describe('control characters', () => {
    const sut = text('Bio', { kind: 'free' });

    it.each([
      ['U+0000', 'a\u0000b'],
      ['U+0001', '\u0001'],
      ['a vertical tab', 'a\u000bb'],
      ['an escape', '\u001b[31mred'],
      ['U+001F', 'a\u001f'],
      ['DEL', 'a\u007fb'],
      ['a C1 control', 'a\u0085b'],
    ])('refuses %s with a message naming the field', (_name, value) => {
      expect(outcome(sut, value)).toEqual({ message: 'Bio must not contain control characters' });
    });

    it('keeps line feeds and tabs in free text, and turns CR LF and CR into LF', () => {
      expect(outcome(sut, 'one\ttwo\nthree')).toEqual({ value: 'one\ttwo\nthree' });
      expect(outcome(sut, 'one\r\ntwo\rthree')).toEqual({ value: 'one\ntwo\nthree' });
    });

    it('refuses them in a secret too, and keeps a secret exactly as typed', () => {
      const password = text('Password', { kind: 'secret' });
      expect(outcome(password, 'pass\u0000')).toEqual({
        message: 'Password must not contain control characters',
      });
      expect(outcome(password, 'pass\r\n')).toEqual({
        message: 'Password must not contain control characters',
      });
      expect(outcome(password, ' e\u0301 \u202e ')).toEqual({ value: ' e\u0301 \u202e ' });
    });
  });

  it('refuses lone surrogates (they would be stored as U+FFFD) and keeps pairs', () => {
    const sut = text('content', { kind: 'free' });
    expect(outcome(sut, 'a\ud800b')).toEqual({ message: 'content must be valid Unicode text' });
    expect(outcome(sut, '\udc00')).toEqual({ message: 'content must be valid Unicode text' });
    expect(outcome(text('Password', { kind: 'secret' }), '\ud83d')).toEqual({
      message: 'Password must be valid Unicode text',
    });
    expect(outcome(sut, '\ud83c\udf0a')).toEqual({ value: '🌊' });
  });

  it('normalises to NFC', () => {
    const sut = text('content', { kind: 'free' });
    expect(outcome(sut, 'cafe\u0301')).toEqual({ value: 'caf\u00e9' });
    expect(outcome(sut, '\u1100\u1161')).toEqual({ value: '\uac00' });
  });

  it('makes names one line without bidirectional controls', () => {
    const sut = text('Display name', { kind: 'name' });
    expect(outcome(sut, 'Ada\u202egnp.exe')).toEqual({ value: 'Adagnp.exe' });
    expect(outcome(sut, '\u202aA\u202bd\u202ca\u202d \u2066L\u2067o\u2068v\u2069e')).toEqual({
      value: 'Ada Love',
    });
    expect(outcome(sut, 'Ada\nLovelace\tKing\u2028I\r\n')).toEqual({
      value: 'Ada Lovelace King I',
    });
  });

  it('makes a line one line but keeps its bidirectional controls; free text keeps both', () => {
    expect(outcome(text('q', { kind: 'line' }), 'a\nb\tc\u2067d\u2069')).toEqual({
      value: 'a b c\u2067d\u2069',
    });
    expect(outcome(text('content', { kind: 'free' }), 'a\nb\u202e')).toEqual({
      value: 'a\nb\u202e',
    });
  });

  it('trims unless told not to, and never trims a secret', () => {
    expect(outcome(text('q', { kind: 'line' }), '  wave  ')).toEqual({ value: 'wave' });
    expect(outcome(text('cursor', { kind: 'line', trim: false }), ' abc ')).toEqual({
      value: ' abc ',
    });
    expect(outcome(text('Password', { kind: 'secret' }), ' pw ')).toEqual({ value: ' pw ' });
  });

  describe('required text', () => {
    const sut = text('Display name', { kind: 'name', required: true });

    it.each([
      ['nothing', ''],
      ['spaces', '   '],
      ['a zero-width space', '\u200b'],
      ['joiners', '\u200c\u200d'],
      ['a word joiner', '\u2060'],
      ['a byte order mark', '\ufeff'],
      ['a right-to-left override', '\u202e'],
      ['the Hangul filler', '\u3164'],
      ['the Hangul choseong and jungseong fillers', '\u115f\u1160'],
      ['the halfwidth Hangul filler', '\uffa0'],
      ['variation selectors', '\ufe0f\udb40\udd00'],
      ['the blank braille pattern', '\u2800'],
      ['a soft hyphen', '\u00ad'],
      ['an ideographic space and a line separator', '\u3000\u2028'],
      ['a mix', ' \u200b\u2800\u3164 \ufe0f '],
    ])('refuses %s with the field’s own words', (_name, value) => {
      expect(outcome(sut, value)).toEqual({ message: 'Display name is required' });
    });

    it('takes any visible character, whatever invisible ones are around it', () => {
      expect(outcome(sut, '\u200bA\u200b')).toEqual({ value: '\u200bA\u200b' });
      expect(outcome(sut, '🌊')).toEqual({ value: '🌊' });
      expect(outcome(sut, '.')).toEqual({ value: '.' });
      expect(outcome(sut, '한')).toEqual({ value: '한' });
    });

    it('says what the field says when it is missing or not text', () => {
      expect(outcome(sut, undefined)).toEqual({ message: 'Display name is required' });
      expect(outcome(sut, 42)).toEqual({ message: 'Display name must be text' });
      const content = text('content', {
        kind: 'free',
        required: true,
        messages: { notText: 'content is required', required: 'A post cannot be empty' },
      });
      expect(outcome(content, 42)).toEqual({ message: 'content is required' });
      expect(outcome(content, '\u200b')).toEqual({ message: 'A post cannot be empty' });
    });

    it('names the control character before the emptiness', () => {
      expect(outcome(sut, '\u0000')).toEqual({
        message: 'Display name must not contain control characters',
      });
    });
  });

  describe('lengths', () => {
    const sut = text('Bio', { kind: 'free', min: 2, max: 5 });

    it('are counted in code points, after normalisation and trimming', () => {
      expect(outcome(sut, '🌊🌊🌊🌊🌊')).toEqual({ value: '🌊🌊🌊🌊🌊' });
      expect(outcome(sut, 'e\u0301'.repeat(5))).toEqual({ value: '\u00e9'.repeat(5) });
      expect(outcome(sut, `   ${'a'.repeat(5)}   `)).toEqual({ value: 'aaaaa' });
      expect(outcome(sut, '🌊'.repeat(6))).toEqual({ message: 'Bio must be at most 5 characters' });
      expect(outcome(sut, ' a ')).toEqual({ message: 'Bio must be at least 2 characters' });
    });

    it('use the field’s own words when given', () => {
      const name = text('name', {
        kind: 'name',
        min: 3,
        max: 4,
        messages: { tooShort: 'too short', tooLong: 'too long' },
      });
      expect(outcome(name, 'ab')).toEqual({ message: 'too short' });
      expect(outcome(name, 'abcde')).toEqual({ message: 'too long' });
    });
  });

  it('refuses text far over its limit before doing any work on it, with the one message', () => {
    const sut = text('Bio', { kind: 'free', max: 160 });
    const huge = 'a\u0000'.repeat(5 * 1024 * 1024);

    const result = sut.safeParse(huge);

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Bio must be at most 160 characters',
    ]);
  });

  it('still takes the longest text that fits once normalised (four code points NFC joins)', () => {
    const sut = text('Name', { kind: 'free', max: 10 });
    // U+1F82 (ᾂ) decomposed: alpha, psili, varia, ypogegrammeni; NFC makes it one code point.
    const decomposed = '\u03b1\u0313\u0300\u0345'.repeat(10);

    expect(sut.parse(decomposed)).toBe('\u1f82'.repeat(10));
  });

  it('stays a string schema a field can add its own pattern to', () => {
    const sut = text('Username', { kind: 'line', required: true }).regex(/^[a-z]+$/, {
      error: 'letters only',
    });
    expect(outcome(sut, ' ada ')).toEqual({ value: 'ada' });
    expect(outcome(sut, 'ada1')).toEqual({ message: 'letters only' });
  });
});

describe(hasVisibleText.name, () => {
  it('looks for one character that shows', () => {
    expect(hasVisibleText('\u200b \u2800')).toBe(false);
    expect(hasVisibleText('\u200b x')).toBe(true);
  });
});

describe(codePointLength.name, () => {
  it('counts an emoji once and a UTF-16 unit otherwise', () => {
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('a🌊b')).toBe(3);
    expect(codePointLength('e\u0301')).toBe(2);
  });
});
