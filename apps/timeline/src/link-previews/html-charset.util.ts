import { TextDecoder } from 'node:util';

/** How far into a document a `<meta charset>` is looked for (as browsers do). */
export const CHARSET_SNIFF_BYTES = 1024;

const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i;

/** The charset a `<meta charset>` or `<meta http-equiv content>` declares near the start. */
export function sniffCharset(head: Buffer): string | null {
  const match = META_CHARSET.exec(head.subarray(0, CHARSET_SNIFF_BYTES).toString('latin1'));
  return match?.[1]?.toLowerCase() ?? null;
}

/** A streaming decoder for the first label TextDecoder knows, UTF-8 otherwise. */
export function createHtmlDecoder(...labels: (string | null)[]): TextDecoder {
  for (const label of labels) {
    if (label === null) continue;
    try {
      return new TextDecoder(label);
    } catch {
      // Unknown label: try the next one.
    }
  }
  return new TextDecoder('utf-8');
}
