import { createHtmlDecoder, sniffCharset } from './html-charset.util';

describe(sniffCharset.name, () => {
  it.each([
    ['<meta charset="ISO-8859-1">', 'iso-8859-1'],
    ["<meta charset='windows-1252'>", 'windows-1252'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">', 'shift_jis'],
    ['<title>none</title>', null],
  ])('reads %p', (head, charset) => {
    expect(sniffCharset(Buffer.from(`<html><head>${head}`))).toBe(charset);
  });

  it('looks only at the first 1024 bytes', () => {
    const late = Buffer.from(`<html><head>${' '.repeat(1100)}<meta charset="iso-8859-1">`);
    expect(sniffCharset(late)).toBeNull();
  });
});

describe(createHtmlDecoder.name, () => {
  it('uses the first label it knows, UTF-8 otherwise', () => {
    expect(createHtmlDecoder(null, 'latin1').encoding).toBe('windows-1252');
    expect(createHtmlDecoder('no-such-charset', null).encoding).toBe('utf-8');
    expect(createHtmlDecoder().encoding).toBe('utf-8');
    expect(createHtmlDecoder('iso-8859-1').decode(Buffer.from([0x43, 0x61, 0x66, 0xe9]))).toBe(
      'Café',
    );
  });
});
