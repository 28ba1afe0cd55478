/** What a test reads back from a call. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** A raw body sent as is (with the given content type). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

/**
 * A browser-like client of the gateway: it keeps the cookies it is given and
 * sends them back, and sends bodies as JSON.
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get('wave_session');
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Uint8Array | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (this.cookies.size > 0) {
      headers['cookie'] = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      // Node's fetch takes bytes as they are; the DOM typings (loaded for the browser tests) differ.
      body: body as BodyInit | undefined,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired =
        attributes.some((attribute) => /expires=thu, 01 jan 1970/i.test(attribute.trim())) ||
        value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.trim());
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (
      (response.headers.get('content-type') ?? '').includes('application/json') &&
      text.length > 0
    ) {
      parsed = JSON.parse(text);
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
}

let counter = 0;
/** A unique, valid username and email for a test account. */
export function newAccount(prefix = 'user') {
  counter += 1;
  const username = `${prefix}_${process.pid}_${counter}`.slice(0, 30);
  return {
    displayName: `${prefix} ${counter}`,
    username,
    email: `${username}@example.test`,
    password: 'correct horse battery',
  };
}
