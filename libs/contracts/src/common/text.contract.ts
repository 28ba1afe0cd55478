import { z } from 'zod';

/**
 * What a piece of text is, which decides what is done to it:
 * - `free`: text that may span lines (a post, a comment, a bio, a description);
 * - `line`: one line (a search query, an email, a URL, a rule): line breaks and tabs become spaces;
 * - `name`: a one-line name shown among other text (a display name, a community name): it also
 *   loses the bidirectional embedding, override and isolate controls, which would reorder the
 *   text around it (`Ada\u202Egnp.exe` shows as `Adaexe.png`);
 * - `secret`: a password, checked but kept exactly as typed (no trimming, no normalisation), so
 *   that its hash keeps matching.
 */
export type TextKind = 'free' | 'line' | 'name' | 'secret';

export interface TextOptions {
  kind: TextKind;
  /** Needs at least one visible character (white space and invisible characters do not count). */
  required?: boolean;
  /** In code points (an emoji counts once), after normalisation and trimming. */
  min?: number;
  max?: number;
  /** Trims white space around the text; true by default, except for secrets. */
  trim?: boolean;
  /** The field's own words where the defaults (which name the field by its label) do not fit. */
  messages?: {
    /** Missing (undefined). */
    missing?: string;
    /** Not a string. */
    notText?: string;
    /** Empty, or nothing visible. */
    required?: string;
    tooShort?: string;
    tooLong?: string;
  };
}

/** Control characters (C0, DEL, C1) other than line feed and tab: PostgreSQL refuses U+0000. */
const CONTROL = /(?![\n\t])\p{Cc}/u;
/** Half of a surrogate pair without the other half: not a character, nothing can store it. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const CARRIAGE_RETURN = /\r\n?/g;
/** Two UTF-16 units a code point, and at most four code points that NFC composes into one. */
const RAW_UNITS_PER_CHARACTER = 8;
/** Line feeds, tabs and the Unicode line and paragraph separators. */
const LINE_BREAK_OR_TAB = /[\n\t\u2028\u2029]/g;
/** Bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g;
/**
 * A character that shows something: not white space, not a format or default-ignorable
 * character (zero-width space and joiners, U+FEFF, bidirectional controls, variation
 * selectors, the Hangul fillers), not a control, and not the blank braille pattern.
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Cs}\u2800]/u;

/** True when the text shows at least one character. */
export const hasVisibleText = (value: string): boolean => VISIBLE.test(value);

/** The length in code points, so an emoji counts once (as PostgreSQL counts `varchar(n)`). */
export function codePointLength(value: string): number {
  let length = 0;
  for (const _ of value) length += 1;
  return length;
}

const tidy = (value: string, kind: Exclude<TextKind, 'secret'>): string => {
  const normalized = value.normalize('NFC');
  switch (kind) {
    case 'free':
      return normalized;
    case 'line':
      return normalized.replace(LINE_BREAK_OR_TAB, ' ');
    case 'name':
      return normalized.replace(LINE_BREAK_OR_TAB, ' ').replace(BIDI_CONTROL, '');
  }
};

/**
 * The one schema for a text field or text query parameter: refuses control
 * characters (line feed and tab aside) and lone surrogates with a 400 naming
 * the field, turns CR LF into LF, normalises to NFC, tidies by kind, trims,
 * then checks for a visible character and the length in code points. It stays
 * a `z.ZodString`, so a field may add its own pattern (`.regex`, `.pipe`).
 */
export function text(label: string, options: TextOptions): z.ZodString {
  const { kind, messages = {} } = options;
  let schema = z.string({
    error: (issue) =>
      issue.input === undefined
        ? (messages.missing ?? `${label} is required`)
        : (messages.notText ?? `${label} must be text`),
  });
  const { min, max } = options;
  const tooLong = messages.tooLong ?? `${label} must be at most ${max} characters`;
  if (max !== undefined) {
    // Before any work on the text: a body may be megabytes (a post's limit allows an inline
    // image), and normalising it would cost far more than refusing it. Generous enough for any
    // text that fits once normalised (a code point is at most two UTF-16 units, and NFC joins
    // at most four into one), so only padding nobody means (pages of spaces around the text)
    // is refused here that the exact check below would have let through.
    schema = schema.refine((value) => value.length <= max * RAW_UNITS_PER_CHARACTER, {
      error: tooLong,
      abort: true,
    });
  }
  if (kind !== 'secret') schema = schema.overwrite((value) => value.replace(CARRIAGE_RETURN, '\n'));
  schema = schema
    .refine((value) => !LONE_SURROGATE.test(value), {
      error: `${label} must be valid Unicode text`,
    })
    .refine((value) => !CONTROL.test(value), {
      error: `${label} must not contain control characters`,
    });
  if (kind !== 'secret') schema = schema.overwrite((value) => tidy(value, kind));
  if (options.trim ?? kind !== 'secret') schema = schema.trim();
  if (options.required) {
    schema = schema.refine(hasVisibleText, { error: messages.required ?? `${label} is required` });
  }
  if (min !== undefined) {
    schema = schema.refine((value) => codePointLength(value) >= min, {
      error: messages.tooShort ?? `${label} must be at least ${min} characters`,
    });
  }
  if (max !== undefined) {
    schema = schema.refine((value) => codePointLength(value) <= max, { error: tooLong });
  }
  return schema;
}
