import { INLINE_IMAGE_MAX_BYTES } from '@wave/contracts';
import { envOf, flagsAndWords, parseDockerfile } from './dockerfile';
import type { Directive } from './nginx';
import { argsOf, directivesNamed, parseNginx, sizeInBytes, timeInSeconds } from './nginx';
// The renderer's own route table, which nginx must hand it exactly.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the deployment tests check the web app's files
import { matchPageRoute } from '../../apps/web/server/page-meta/page-routes';
// eslint-disable-next-line @nx/enforce-module-boundaries -- as above
import { loadPageMetaConfig } from '../../apps/web/server/page-meta/page-meta.config';
import { PAGE_META_PORT, readText, WEB_APP, WEB_PORT } from './workspace';

const TEMPLATE = `apps/${WEB_APP}/nginx/default.conf.template`;
const DOCKERFILE = `apps/${WEB_APP}/Dockerfile`;
/** Writes the Content-Security-Policy snippet into the build (CONTENT_SECURITY_POLICY_FILE). */
const CSP_PLUGIN = `apps/${WEB_APP}/vite-plugins/content-security-policy.plugin.ts`;
const UPSTREAM = 'http://${GATEWAY_UPSTREAM}';
const PAGE_META_UPSTREAM = 'http://${PAGE_META_UPSTREAM}';
/** Where the image puts the Content-Security-Policy snippet that the web build writes. */
const CSP_SNIPPET = '/etc/nginx/snippets/content-security-policy.conf';
const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};
/** Room for the multipart or JSON around an image (the gateway allows 64 KB for it). */
const ENVELOPE_BYTES = 64 * 1024;
/** How long the gateway gives media to answer (UPSTREAM_TIMEOUTS_MS in its route table). */
const MEDIA_TIMEOUT_SECONDS = 60;

interface Header {
  name: string;
  value: string;
  always: boolean;
}

describe('the nginx parser', () => {
  it('reads directives, quoted arguments, template placeholders and nested blocks', () => {
    const sut = parseNginx(
      [
        '# a comment',
        'server {',
        '    listen 8080; # another',
        '    location = /healthz { return 200 "ok; fine"; }',
        '    location /api/ {',
        '        proxy_pass http://${GATEWAY_UPSTREAM};',
        "        add_header X-Frame-Options 'DENY' always;",
        '    }',
        '    types { }',
        '}',
      ].join('\n'),
    );

    expect(sut).toHaveLength(1);
    const server = sut[0]!;
    expect([server.name, server.args, server.line]).toEqual(['server', [], 2]);
    expect(argsOf(server.block!, 'listen')).toEqual(['8080']);
    const [healthz, api] = directivesNamed(server.block!, 'location');
    expect(healthz?.args).toEqual(['=', '/healthz']);
    expect(healthz?.block).toEqual([{ name: 'return', args: ['200', 'ok; fine'], line: 4 }]);
    expect(api?.block).toEqual([
      { name: 'proxy_pass', args: ['http://${GATEWAY_UPSTREAM}'], line: 6 },
      { name: 'add_header', args: ['X-Frame-Options', 'DENY', 'always'], line: 7 },
    ]);
    expect(argsOf(server.block!, 'types')).toEqual([]);
    expect(directivesNamed(server.block!, 'types')[0]?.block).toEqual([]);
  });

  it('refuses what nginx would refuse: an open block, a missing semicolon', () => {
    expect(() => parseNginx('server { listen 8080;')).toThrow(/not closed/);
    expect(() => parseNginx('server { listen 8080 }')).toThrow(/without ; or \{/);
    expect(() => parseNginx('}')).toThrow(/unexpected \}/);
  });

  it('converts sizes and times', () => {
    expect(['1024', '512k', '30m', '1g'].map(sizeInBytes)).toEqual([
      1024,
      512 * 1024,
      30 * 1024 ** 2,
      1024 ** 3,
    ]);
    expect(['60', '90s', '2m', '1h', '1m30s'].map(timeInSeconds)).toEqual([60, 90, 120, 3600, 90]);
    expect(() => sizeInBytes('30 MB')).toThrow();
    expect(() => timeInSeconds('an hour')).toThrow();
  });
});

describe(`the web server (${TEMPLATE})`, () => {
  const text = readText(TEMPLATE);
  const runtime = parseDockerfile(readText(DOCKERFILE)).stages.at(-1)!;
  const runtimeInstructions = (keyword: string) =>
    runtime.instructions.filter((instruction) => instruction.keyword === keyword);
  /** What the image's runtime stage copies from the repository: destination → source. */
  const copiedFiles = new Map(
    runtimeInstructions('COPY')
      .map((instruction) => flagsAndWords(instruction.args))
      .filter(({ flags, words }) => flags['from'] === undefined && words.length === 2)
      .map(({ words }) => [words[1]!, words[0]!] as const),
  );

  /** What the image's runtime stage copies from the build stage: destination → source. */
  const builtFiles = new Map(
    runtimeInstructions('COPY')
      .map((instruction) => flagsAndWords(instruction.args))
      .filter(({ flags, words }) => flags['from'] !== undefined && words.length === 2)
      .map(({ words }) => [words[1]!, words[0]!] as const),
  );

  /**
   * A block with its includes replaced by the files they name, as the image has them. An
   * include of a file the image lacks, or gets from the build, stays (an unknown one fails
   * 'includes only files the image copies').
   */
  const expand = (directives: Directive[]): Directive[] =>
    directives.flatMap((directive) => {
      const source = directive.name === 'include' && copiedFiles.get(directive.args[0] ?? '');
      if (source) return expand(parseNginx(readText(source)));
      return directive.block ? [{ ...directive, block: expand(directive.block) }] : [directive];
    });
  const includesLeft = (directives: Directive[]): string[] =>
    directives.flatMap(({ name, args, block }) =>
      name === 'include' ? [args.join(' ')] : includesLeft(block ?? []),
    );

  const servers = directivesNamed(parseNginx(text), 'server');
  const server = expand(servers[0]?.block ?? []);
  const locations = directivesNamed(server, 'location').map(({ args, block }) => ({
    match: args.join(' '),
    directives: block ?? [],
  }));
  const location = (match: string): Directive[] => {
    const found = locations.find((candidate) => candidate.match === match);
    if (!found) throw new Error(`${TEMPLATE} has no location ${match}`);
    return found.directives;
  };
  const isProxy = (directives: Directive[]) => argsOf(directives, 'proxy_pass') !== undefined;
  const servesFiles = (directives: Directive[]) =>
    !isProxy(directives) && argsOf(directives, 'return') === undefined;

  const headersOf = (directives: Directive[]): Header[] =>
    directivesNamed(directives, 'add_header').map(({ args: [name = '', value = '', flag] }) => ({
      name,
      value,
      always: flag === 'always',
    }));
  /** add_header in a location replaces the server's: a location has its own or inherits all. */
  const effectiveHeaders = (directives: Directive[]): Header[] => {
    const own = headersOf(directives);
    return own.length > 0 ? own : headersOf(server);
  };
  const header = (directives: Directive[], name: string) =>
    effectiveHeaders(directives).find((candidate) => candidate.name === name);
  const cacheControlOf = (directives: Directive[]) =>
    (header(directives, 'Cache-Control')?.value ?? '').split(/\s*,\s*/).filter(Boolean);

  const proxyHeaders = (directives: Directive[]): Record<string, string> =>
    Object.fromEntries(
      directivesNamed(directives, 'proxy_set_header').map(
        ({ args: [name = '', value = ''] }): [string, string] => [name, value],
      ),
    );

  it(`is one server, listening on ${WEB_PORT} (the port the image exposes)`, () => {
    expect(servers).toHaveLength(1);
    expect(argsOf(server, 'listen')?.[0]).toMatch(new RegExp(`^(\\S+:)?${WEB_PORT}$`));
    const exposed = runtimeInstructions('EXPOSE').map((instruction) => instruction.args);
    expect(exposed).toEqual([String(WEB_PORT)]);
  });

  it('serves the folder the image copies the built app to', () => {
    const root = argsOf(server, 'root')?.[0];
    expect(root).toBeDefined();
    const copiesToRoot = runtimeInstructions('COPY')
      .map((instruction) => flagsAndWords(instruction.args))
      .some(
        ({ flags, words }) =>
          flags['from'] !== undefined && words.at(-1)?.replace(/\/$/, '') === root,
      );
    expect(copiesToRoot).toBe(true);
  });

  it('names only environment variables the image sets, as ${NAME}', () => {
    const placeholders = new Set([...text.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!));
    expect([...placeholders].sort()).toEqual([
      'GATEWAY_UPSTREAM',
      'PAGE_META_UPSTREAM',
      'REAL_IP_FROM',
    ]);
    const env = runtimeInstructions('ENV').reduce<Record<string, string>>(
      (all, instruction) => ({ ...all, ...envOf(instruction.args) }),
      {},
    );
    for (const name of placeholders) expect(env[name]).toBeTruthy();
  });

  it("leaves nginx's own variables alone: lower case, never an environment variable", () => {
    const variables = [...text.matchAll(/\$(\w+)/g)].map((match) => match[1]!);
    expect(variables).toEqual(expect.arrayContaining(['uri', 'proxy_add_x_forwarded_for']));
    expect(variables.filter((name) => name !== name.toLowerCase())).toEqual([]);
  });

  it('includes only files the image copies', () => {
    const left = includesLeft(expand(parseNginx(text)));
    expect(left.filter((path) => !builtFiles.has(path))).toEqual([]);
  });

  it('believes X-Forwarded-For only from ${REAL_IP_FROM}, which is the loopback unless set', () => {
    expect(argsOf(server, 'set_real_ip_from')).toEqual(['${REAL_IP_FROM}']);
    expect(argsOf(server, 'real_ip_header')).toEqual(['X-Forwarded-For']);
    expect(argsOf(server, 'real_ip_recursive')).toEqual(['on']);
    const env = runtimeInstructions('ENV').reduce<Record<string, string>>(
      (all, instruction) => ({ ...all, ...envOf(instruction.args) }),
      {},
    );
    expect(env['REAL_IP_FROM']).toBe('127.0.0.1/32');
  });

  it('answers /healthz itself with 200', () => {
    expect(argsOf(location('= /healthz'), 'return')?.[0]).toBe('200');
  });

  it('compresses the text files of the app', () => {
    expect(argsOf(server, 'gzip')).toEqual(['on']);
    expect(argsOf(server, 'gzip_vary')).toEqual(['on']);
    // text/html is always compressed once gzip is on.
    expect(argsOf(server, 'gzip_types')).toEqual(
      expect.arrayContaining([
        'text/css',
        'application/javascript',
        'text/javascript',
        'application/json',
        'image/svg+xml',
        'application/manifest+json',
      ]),
    );
  });

  it('falls back to /index.html for every other path, so deep links load the app', () => {
    const tryFiles = argsOf(location('/'), 'try_files');
    expect(tryFiles?.[0]).toBe('$uri');
    expect(tryFiles?.at(-1)).toBe('/index.html');
  });

  it('lets browsers keep the content-hashed /assets/ for a year, and answers 404 for a missing one', () => {
    const assets = location('/assets/');
    expect(cacheControlOf(assets)).toEqual(
      expect.arrayContaining(['public', 'max-age=31536000', 'immutable']),
    );
    // Not `always`: an error page must not be cached for a year.
    expect(header(assets, 'Cache-Control')?.always).toBe(false);
    expect(argsOf(assets, 'try_files')?.at(-1)).toBe('=404');
  });

  it.each(['= /sw.js', '= /index.html', '= /manifest.webmanifest'])(
    'has browsers ask again for %s on every load (no-cache)',
    (match) => {
      expect(cacheControlOf(location(match))).toEqual(['no-cache']);
    },
  );

  it('serves the web app manifest as application/manifest+json', () => {
    const manifest = location('= /manifest.webmanifest');
    expect(directivesNamed(manifest, 'types')[0]?.block).toEqual([]);
    expect(argsOf(manifest, 'default_type')).toEqual(['application/manifest+json']);
  });

  describe.each(['/api/', '/objects/'])('the proxy for %s', (match) => {
    const directives = location(match);

    it('passes requests to ${GATEWAY_UPSTREAM} with their path unchanged', () => {
      // No URI part after host:port: nginx passes the original path and query as they are.
      expect(argsOf(directives, 'proxy_pass')).toEqual([UPSTREAM]);
    });

    it('tells the gateway the host, the client address and the scheme the browser used', () => {
      expect(proxyHeaders(directives)).toEqual({
        // $http_host keeps the port: the gateway compares Origin with scheme://Host.
        Host: '$http_host',
        'X-Forwarded-For': '$proxy_add_x_forwarded_for',
        'X-Forwarded-Proto': '$scheme',
        'X-Real-IP': '$remote_addr',
      });
    });

    it('streams request bodies to the gateway (nothing spooled to /tmp)', () => {
      expect(argsOf(directives, 'proxy_request_buffering')).toEqual(['off']);
    });

    it("passes the gateway's answers as they are: not compressed, no headers added", () => {
      expect(argsOf(directives, 'gzip')).toEqual(['off']);
      // The gateway sets its own security headers (helmet); nginx must not add a second set.
      expect(effectiveHeaders(directives)).toEqual([]);
    });
  });

  it('streams /api answers as they come (server-sent events) and keeps them open for an hour', () => {
    const api = location('/api/');
    expect(argsOf(api, 'proxy_buffering')).toEqual(['off']);
    expect(timeInSeconds(argsOf(api, 'proxy_read_timeout')?.[0] ?? '0')).toBeGreaterThanOrEqual(
      3600,
    );
  });

  it('takes a post with a 25 MB inline image on /api (a data URL, a third larger)', () => {
    const dataUrlBytes = Math.ceil(INLINE_IMAGE_MAX_BYTES / 3) * 4;
    const limit = sizeInBytes(argsOf(location('/api/'), 'client_max_body_size')?.[0] ?? '0');
    expect(limit).toBeGreaterThanOrEqual(dataUrlBytes + ENVELOPE_BYTES);
  });

  it('takes a 25 MB upload on /objects and waits for media longer than the gateway does', () => {
    const objects = location('/objects/');
    const limit = sizeInBytes(argsOf(objects, 'client_max_body_size')?.[0] ?? '0');
    expect(limit).toBeGreaterThanOrEqual(INLINE_IMAGE_MAX_BYTES + ENVELOPE_BYTES);
    expect(timeInSeconds(argsOf(objects, 'proxy_read_timeout')?.[0] ?? '60')).toBeGreaterThan(
      MEDIA_TIMEOUT_SECONDS,
    );
  });

  describe('the sitemaps', () => {
    it.each(['= /sitemap.xml', '/sitemaps/'])(
      'pass %s to the gateway as they are, compressed, with its headers',
      (match) => {
        const directives = location(match);
        expect(argsOf(directives, 'proxy_pass')).toEqual([UPSTREAM]);
        expect(proxyHeaders(directives)).toEqual({
          Host: '$http_host',
          'X-Forwarded-For': '$proxy_add_x_forwarded_for',
          'X-Forwarded-Proto': '$scheme',
          'X-Real-IP': '$remote_addr',
        });
        expect(effectiveHeaders(directives)).toEqual([]);
        expect(argsOf(directives, 'gzip')).toBeUndefined();
      },
    );

    it('are compressed (XML)', () => {
      expect(argsOf(server, 'gzip_types')).toContain('application/xml');
    });
  });

  describe('robots.txt', () => {
    const robots = location('= /robots.txt');

    it('is written by the page-meta server (the sitemap on PUBLIC_ORIGIN), with nothing of the reader', () => {
      expect(argsOf(robots, 'proxy_pass')).toEqual([PAGE_META_UPSTREAM]);
      expect(proxyHeaders(robots)).toEqual({
        Cookie: '',
        Authorization: '',
        'Content-Length': '',
      });
      expect(argsOf(robots, 'proxy_pass_request_body')).toEqual(['off']);
    });

    it('is the built file when that server is down or slow', () => {
      expect(argsOf(robots, 'error_page')).toEqual(['502', '504', '=', '@robots-file']);
      expect(argsOf(location('@robots-file'), 'try_files')).toEqual(['$uri', '=404']);
    });
  });

  describe('the public pages (posts, profiles, communities)', () => {
    const pages = locations.filter(
      ({ match, directives }) =>
        match.startsWith('~') &&
        (argsOf(directives, 'proxy_pass') ?? []).includes(PAGE_META_UPSTREAM),
    );
    const directives = pages[0]?.directives ?? [];
    /** The location's regular expression, as nginx reads `location ~ <regex>`. */
    const pattern = (): RegExp => {
      const [modifier, regex] = (pages[0]?.match ?? '').split(' ');
      expect(modifier).toBe('~');
      return new RegExp(regex!);
    };
    const id = '0190a1b2-0000-7000-8000-0000000000aa';

    it('go to the page-meta server beside nginx, in one location', () => {
      expect(pages.map(({ match }) => match)).toHaveLength(1);
      expect(argsOf(directives, 'proxy_pass')).toEqual([PAGE_META_UPSTREAM]);
      const env = runtimeInstructions('ENV').reduce<Record<string, string>>(
        (all, instruction) => ({ ...all, ...envOf(instruction.args) }),
        {},
      );
      expect(env['PAGE_META_UPSTREAM']).toBe(`127.0.0.1:${PAGE_META_PORT}`);
    });

    it("are exactly the renderer's routes", () => {
      const paths = [
        `/tweet/${id}`,
        `/tweet/${id}/`,
        '/profile/ada',
        `/community/${id}`,
        `/community/${id}/post/${id}`,
        '/tweet/not-an-id',
        '/',
        '/tweet',
        '/tweet/',
        '/profile',
        '/profile/',
        `/tweet/${id}/likes`,
        `/community/${id}/manage`,
        `/community/${id}/post`,
        `/communities/${id}`,
        '/explore',
        '/about',
        '/assets/index-abc.js',
        '/api/tweets',
        '/objects/uploads/x',
        '/index.html',
      ];
      for (const path of paths) {
        expect({ path, nginx: pattern().test(path) }).toEqual({
          path,
          nginx: matchPageRoute(path) !== null,
        });
      }
    });

    it('send nothing of the reader but the address chain: no cookie, no credential, no body', () => {
      expect(proxyHeaders(directives)).toEqual({
        'X-Forwarded-For': '$proxy_add_x_forwarded_for',
        Cookie: '',
        Authorization: '',
        'Content-Length': '',
      });
      expect(argsOf(directives, 'proxy_pass_request_body')).toEqual(['off']);
    });

    it('wait longer than the renderer waits for the gateway, so that its answer comes first', () => {
      const { timeoutMs } = loadPageMetaConfig({});
      expect(
        timeInSeconds(argsOf(directives, 'proxy_read_timeout')?.[0] ?? '60') * 1000,
      ).toBeGreaterThan(timeoutMs);
      expect(
        timeInSeconds(argsOf(directives, 'proxy_connect_timeout')?.[0] ?? '60'),
      ).toBeLessThanOrEqual(2);
    });

    it('fall back to the plain shell with 503 when the renderer is down or slow', () => {
      expect(argsOf(directives, 'error_page')).toEqual(['502', '504', '=503', '/index.html']);
      // Its own 404 and 503 (with the shell) pass as they are.
      expect(argsOf(directives, 'proxy_intercept_errors')).toBeUndefined();
      expect(location('= /index.html')).toBeDefined();
    });

    it('carry the security headers and the Content-Security-Policy', () => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(header(directives, name)).toEqual({ name, value, always: true });
      }
      expect(includesLeft(directives)).toEqual([CSP_SNIPPET]);
    });
  });

  describe('security headers', () => {
    it('are set, always, on every response of the app itself', () => {
      const serving = locations.filter(({ directives }) => servesFiles(directives));
      expect(serving.map(({ match }) => match)).toEqual(
        expect.arrayContaining(['/', '/assets/', '= /index.html', '= /sw.js']),
      );
      for (const { match, directives } of serving) {
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
          expect({ match, header: header(directives, name) }).toEqual({
            match,
            header: { name, value, always: true },
          });
        }
      }
    });

    it('are repeated in every location that adds a header of its own', () => {
      const adding = locations.filter(({ directives }) => headersOf(directives).length > 0);
      expect(adding.length).toBeGreaterThan(0);
      for (const { match, directives } of adding) {
        const names = headersOf(directives).map(({ name }) => name);
        expect({ match, names, csp: includesLeft(directives) }).toEqual({
          match,
          names: expect.arrayContaining(Object.keys(SECURITY_HEADERS)),
          csp: [CSP_SNIPPET],
        });
      }
    });
  });

  describe('the Content-Security-Policy', () => {
    /** The file name the web build writes the policy's nginx snippet to. */
    const written = /CONTENT_SECURITY_POLICY_FILE = '([^']+)'/.exec(readText(CSP_PLUGIN))?.[1];

    it("is sent from every location that serves the app's files, as the build wrote it", () => {
      const serving = locations.filter(({ directives }) => servesFiles(directives));
      expect(serving.length).toBeGreaterThanOrEqual(4);
      for (const { match, directives } of serving) {
        expect({ match, includes: includesLeft(directives) }).toEqual({
          match,
          includes: [CSP_SNIPPET],
        });
      }
      // Not on the gateway's answers, which carry their own.
      for (const match of ['/api/', '/objects/']) {
        expect({ match, includes: includesLeft(location(match)) }).toEqual({ match, includes: [] });
      }
    });

    it('is the snippet the web build wrote beside the index.html the image serves', () => {
      expect(written).toBeDefined();
      expect(builtFiles.get(CSP_SNIPPET)).toBe(`/workspace/dist/apps/${WEB_APP}/${written}`);
      expect(argsOf(server, 'root')).toEqual(['/usr/share/nginx/html']);
      expect(builtFiles.get('/usr/share/nginx/html/')).toBe(`/workspace/dist/apps/${WEB_APP}/`);
    });
  });
});
