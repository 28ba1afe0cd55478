import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { arbitraryFromSchema } from './schema-arbitrary';
import type { FuzzTarget, ParamKind, Regression } from './fuzz-targets';
import { hostileJsonText, hostileScalar, hostileString } from './hostile';

/** Real things the cases may name, so some of them reach past "not found". */
export interface FuzzFixtures {
  ids: Record<ParamKind, string[]>;
  /** Kept out of the generated cases, so that no case has deleted them before a regression runs. */
  regressionIds: Record<ParamKind, string>;
  /** The query of a real upload URL (expires and signature). */
  uploadQuery: string;
}

export interface FuzzRequest {
  method: string;
  /** Path and query, encoded as they go on the wire. */
  url: string;
  asMember: boolean;
  contentType?: string;
  body?: string | Uint8Array;
}

/** Percent-encodes every byte of the UTF-8 form except RFC 3986's unreserved characters. */
export function encodeSegment(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Path segments that arrive already encoded, some of them wrongly. */
const RAW_SEGMENTS = ['%FF', '%C0%80', '%00', '%2e%2e', '%ZZ', '%', '%E2%80%AE', '%F0%9F%98'];

function paramArbitrary(kind: ParamKind, fixtures: FuzzFixtures): fc.Arbitrary<string> {
  const known = fixtures.ids[kind];
  return fc.oneof(
    { weight: 3, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.uuid() },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 4, arbitrary: hostileString.filter((value) => value.length > 0).map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

/** A value as it would be written in a query string. */
const asQueryText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

function queryArbitrary(target: FuzzTarget, fixtures: FuzzFixtures): fc.Arbitrary<string> {
  const base: fc.Arbitrary<Record<string, unknown>> = target.query
    ? (arbitraryFromSchema(target.query) as fc.Arbitrary<Record<string, unknown>>)
    : fc.constant({});
  const extra = fc.array(fc.tuple(hostileString, hostileString), { minLength: 1, maxLength: 2 });
  const mode = fc.constantFrom(
    'as-generated',
    'hostile',
    'hostile',
    'hostile',
    'repeated',
    'extra',
  );
  const pairs = fc
    .tuple(base, mode, fc.nat(), hostileString, extra)
    .map(([record, how, pick, hostile, extras]) => {
      const entries = Object.entries(record).map(
        ([key, value]) => [key, asQueryText(value)] as [string, string],
      );
      const index = entries.length > 0 ? pick % entries.length : -1;
      const [key] = entries[index] ?? [''];
      switch (how) {
        case 'hostile':
          // One known parameter gets a hostile value.
          if (index >= 0) entries[index] = [key, hostile];
          else entries.push(...extras);
          break;
        case 'repeated':
          // Fastify hands a repeated parameter over as a list.
          if (index >= 0) entries.push([key, hostile]);
          break;
        case 'extra':
          entries.push(...extras);
          break;
        case 'as-generated':
          break;
      }
      return entries;
    });
  const encoded = pairs.map((entries) =>
    entries.map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`).join('&'),
  );
  if (target.body === 'bytes') {
    return fc.oneof(encoded, fc.constant(fixtures.uploadQuery));
  }
  return encoded;
}

interface BodyChoice {
  contentType?: string;
  body?: string | Uint8Array;
}

const json = (value: unknown): BodyChoice => ({
  contentType: 'application/json',
  body: JSON.stringify(value) ?? 'null',
});

/** A contract-shaped body, then bent: a field made hostile, one dropped, keys added. */
function mutatedBody(schemaArbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<BodyChoice> {
  return fc
    .tuple(
      schemaArbitrary,
      fc.nat(),
      fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: hostileScalar }),
      fc.dictionary(hostileString, hostileScalar, { maxKeys: 3 }),
    )
    .map(([value, pick, hostile, extras]) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return json(value);
      const record = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(record);
      const key = keys.length > 0 ? keys[pick % keys.length] : undefined;
      switch (pick % 6) {
        case 0:
          return json(record);
        case 1:
        case 2:
          if (key !== undefined) record[key] = hostile;
          return json(record);
        case 3:
          if (key !== undefined) delete record[key];
          return json(record);
        case 4:
          return json({ ...record, ...extras });
        default:
          // Every text field at once, so a route whose other fields must be valid still gets it.
          for (const name of keys) if (typeof record[name] === 'string') record[name] = hostile;
          return json(record);
      }
    });
}

const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/jsonx',
  'multipart/form-data; boundary=x',
];

function bodyArbitrary(target: FuzzTarget): fc.Arbitrary<BodyChoice> {
  if (target.body === 'bytes') {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return fc.record({
      contentType: fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', ''),
      body: fc.oneof(
        fc.uint8Array({ maxLength: 2_048 }),
        fc.uint8Array({ maxLength: 512 }).map((rest) => Uint8Array.from([...png, ...rest])),
      ),
    });
  }
  const hostileBodies: fc.Arbitrary<BodyChoice>[] = [
    hostileScalar.map(json),
    hostileJsonText.map((text) => ({ contentType: 'application/json', body: text })),
    fc
      .tuple(fc.constantFrom(...WRONG_TYPES), hostileString)
      .map(([contentType, body]) => ({ contentType, body })),
  ];
  if (target.body === undefined) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<BodyChoice>({}) },
      { weight: 1, arbitrary: fc.oneof(...hostileBodies) },
    );
  }
  return fc.oneof(
    { weight: 5, arbitrary: mutatedBody(arbitraryFromSchema(target.body)) },
    { weight: 2, arbitrary: fc.oneof(...hostileBodies) },
  );
}

/** Requests to one route: its parameters, query and body generated and bent. */
export function requestArbitrary(
  target: FuzzTarget,
  fixtures: FuzzFixtures,
): fc.Arbitrary<FuzzRequest> {
  const paramNames = Object.keys(target.params ?? {});
  const params = fc.tuple(
    ...paramNames.map((name) => paramArbitrary(target.params?.[name] ?? 'user', fixtures)),
  );
  return fc
    .record({
      params,
      query: queryArbitrary(target, fixtures),
      body: bodyArbitrary(target),
      asMember: fc.boolean(),
    })
    .map(({ params: values, query, body, asMember }) => {
      let path = target.path;
      paramNames.forEach((name, index) => {
        path = path.replace(`:${name}`, values[index] ?? '');
      });
      return {
        method: target.method,
        url: query.length > 0 ? `${path}?${query}` : path,
        asMember,
        ...body,
      };
    });
}

/** A request that once broke the route, with its parameters filled with real ids. */
export function regressionRequest(
  target: FuzzTarget,
  regression: Regression,
  fixtures: FuzzFixtures,
): FuzzRequest {
  let path = target.path;
  for (const [name, kind] of Object.entries(target.params ?? {})) {
    path = path.replace(`:${name}`, fixtures.regressionIds[kind]);
  }
  const body =
    regression.rawJson ??
    (regression.json === undefined ? undefined : JSON.stringify(regression.json));
  return {
    method: target.method,
    url: regression.url ?? path,
    asMember: regression.asMember,
    ...(body === undefined ? {} : { contentType: 'application/json', body }),
  };
}

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * A connection per request: a server may close a connection after refusing a
 * body, and a reused socket would then fail in the client (ECONNRESET) for
 * reasons that are not the server's answer.
 */
const agent = new Agent({ keepAlive: false, maxSockets: 8 });

/** One request on the wire, as it was generated (no client-side normalisation of the path). */
export function send(
  baseUrl: string,
  fuzz: FuzzRequest,
  cookie: string | undefined,
): Promise<FuzzAnswer> {
  const base = new URL(baseUrl);
  const headers: Record<string, string> = {};
  if (cookie) headers['cookie'] = cookie;
  if (fuzz.contentType) headers['content-type'] = fuzz.contentType;
  const body = typeof fuzz.body === 'string' ? Buffer.from(fuzz.body, 'utf8') : fuzz.body;
  if (body !== undefined) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        method: fuzz.method,
        path: fuzz.url,
        headers,
        agent,
        timeout: 20_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 20 s')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export const closeFuzzAgent = (): void => agent.destroy();

/** What is wrong with an answer, or null: no 5xx, and every refusal is `{ message }` JSON. */
export function problemWith(answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status < 400) return null;
  if (!answer.contentType.includes('application/json')) {
    return `answered ${answer.status} as ${answer.contentType || 'no type'}: ${answer.text.slice(0, 200)}`;
  }
  try {
    const parsed = JSON.parse(answer.text) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message.length > 0) return null;
  } catch {
    // reported below
  }
  return `answered ${answer.status} without a { message }: ${answer.text.slice(0, 200)}`;
}
