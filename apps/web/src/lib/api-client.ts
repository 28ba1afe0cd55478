import { takeWarmRead, warmRead } from './warm-reads';

/**
 * The one way the client talks to the server (spec part 1, section 7): every
 * request sends cookies; a body is sent as JSON only when there is one; a
 * non-success status becomes an ApiError whose message is "<status>: <body>"
 * (or the status text when the body is empty); otherwise the parsed JSON.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own `{ message }`, when it sent one. */
    readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  body?: unknown;
  /** Bytes sent as they are (an upload), with their own content type. */
  file?: Blob;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a report sent as the tab is hidden or closed). */
  keepalive?: boolean;
}

export async function apiRequest<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const hasBody = options.body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: options.file
      ? { 'content-type': options.file.type || 'application/octet-stream' }
      : hasBody
        ? { 'content-type': 'application/json' }
        : undefined,
    body: options.file ?? (hasBody ? JSON.stringify(options.body) : undefined),
    signal: options.signal,
    ...(options.keepalive ? { keepalive: true } : {}),
  });
  return readResponse<T>(response);
}

/** An answer as every call reads it: the parsed JSON, or an ApiError for a non-success status. */
async function readResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) {
    let serverMessage: string | null = null;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') serverMessage = parsed.message;
    } catch {
      // not JSON
    }
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      serverMessage,
    );
  }
  return (text.length > 0 ? JSON.parse(text) : undefined) as T;
}

declare global {
  interface Window {
    /**
     * GETs index.html's inline script started before the entry loaded, by path
     * (vite-plugins/member-home-preload.plugin.ts): each is taken once, by `api.warm`.
     */
    __waveEarlyReads?: Record<string, Promise<Response> | undefined>;
  }
}

/** The GET of `path` that index.html's inline script started, once; undefined when none. */
function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = window.__waveEarlyReads;
  const read = reads?.[path];
  if (reads && read) delete reads[path];
  return read;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) =>
    takeWarmRead<T>(path) ?? apiRequest<T>('GET', path, { signal }),
  /** A GET started before the code that needs it has loaded (see lib/warm-reads.ts). */
  warm: (path: string) =>
    warmRead(path, () => {
      const early = takeEarlyRead(path);
      return early ? early.then(readResponse) : apiRequest<unknown>('GET', path, {});
    }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/**
 * A call that never reached the server (the device offline, the network down: fetch throws a
 * TypeError), as opposed to an answer.
 */
export const isNetworkFailure = (error: unknown): boolean =>
  !(error instanceof ApiError) &&
  (error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine));

/** The message to show for a failed call: the server's, else a fallback. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

export const isUnauthorized = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;
