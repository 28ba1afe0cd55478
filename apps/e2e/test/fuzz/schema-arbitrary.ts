import fc from 'fast-check';
import { z } from 'zod';

/**
 * Values shaped like a contract's input, from the zod schema itself (through
 * zod 4's own JSON Schema export): the fuzzer starts from plausible requests
 * and bends them, so a case gets past the first check of a handler instead of
 * failing on shape alone. No maintained zod 4 -> fast-check bridge exists
 * (zod-fast-check supports zod 3 only), and JSON Schema is the stable surface.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

/** Long enough to cross every limit a contract sets on ordinary fields, short enough to be fast. */
const LONGEST_PLAIN_STRING = 320;

/**
 * Web addresses whose host is on `.invalid` (RFC 2606): shaped like real ones, but a link
 * preview of one is refused without the server asking the Internet about it, so the suite
 * stays on this machine.
 */
const webUrlNowhere: fc.Arbitrary<string> = fc
  .webUrl({ withQueryParameters: true, withFragments: true })
  .map((value) => {
    const url = new URL(value);
    url.hostname = `${url.hostname.replace(/\.$/, '')}.invalid`;
    return url.href;
  });

export function arbitraryFromSchema(schema: z.ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJson(json);
}

function fromJson(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(fromJson));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectOf(schema);
    case 'array':
      return fc.array(schema.items ? fromJson(schema.items) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 12),
      });
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -1_000_000,
        max: schema.maximum ?? 1_000_000,
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case undefined:
    default:
      // No type: zod said anything goes (or could not say more).
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    // A URL field's schema says only "string" (its check is a refinement JSON Schema cannot
    // carry): give it web addresses too, or nothing would get past the URL check.
    model[key] =
      /(^|[a-z])(url|Url)$/.test(key) && property.type === 'string' && !property.pattern
        ? fc.oneof(webUrlNowhere, fromJson(property))
        : fromJson(property);
  }
  return fc.record(model, {
    requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
  });
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return webUrlNowhere;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, LONGEST_PLAIN_STRING));
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}
