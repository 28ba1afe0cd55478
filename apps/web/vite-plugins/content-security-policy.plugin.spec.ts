// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PreviewServer } from 'vite';
import { build, preview } from 'vite';
import {
  CONTENT_SECURITY_POLICY_FILE,
  contentSecurityPolicy,
  contentSecurityPolicyOf,
  inlineScriptHashes,
  nginxSnippetOf,
  policyOfSnippet,
} from './content-security-policy.plugin';

const APP_INDEX_HTML = fileURLToPath(new URL('../index.html', import.meta.url));

/** The directives of a policy, by name. */
const directivesOf = (policy: string): Map<string, string[]> =>
  new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );

const page = (head: string) =>
  `<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`;

describe('inlineScriptHashes', () => {
  it("hashes each inline script as browsers do (the CSP specification's and MDN's examples)", () => {
    const html = page(
      '<script>alert(\'Hello, world.\');</script><script src="/app.js"></script><script>var inline = 1;</script>',
    );
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
      "'sha256-B2yPHKaXnvFWtRChIbabYmUBFZdVfKKXHbWtWidDVF8='",
    ]);
  });

  it('hashes the text with its line breaks as the HTML parser leaves them (CRLF read as LF)', () => {
    const lf = inlineScriptHashes(page('<script>\n  var a = "é";\n</script>'));
    expect(inlineScriptHashes(page('<script>\r\n  var a = "é";\r\n</script>'))).toEqual(lf);
    expect(lf).toHaveLength(1);
  });

  it('refuses what no hash allows: event handler attributes and javascript: URLs', () => {
    expect(() => inlineScriptHashes(page('<body onload="start()"></body>'))).toThrow(/onload/);
    expect(() => inlineScriptHashes(page('<a href=" javascript:go()">go</a>'))).toThrow(/href/);
  });
});

describe('contentSecurityPolicyOf', () => {
  it("allows the app's own index.html: its one inline script (the theme) by hash, nothing else inline", () => {
    const html = readFileSync(APP_INDEX_HTML, 'utf8');
    const directives = directivesOf(contentSecurityPolicyOf(html));
    expect(directives.get('script-src')).toEqual(["'self'", ...inlineScriptHashes(html)]);
    expect(inlineScriptHashes(html)).toHaveLength(1);
    expect(Object.fromEntries([...directives].filter(([name]) => name !== 'script-src'))).toEqual({
      'default-src': ["'self'"],
      'style-src': ["'self'"],
      'style-src-elem': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(contentSecurityPolicyOf(html)).not.toMatch(/unsafe-eval|unsafe-hashes|\*/);
  });
});

describe('nginxSnippetOf', () => {
  it('writes one add_header, always, that policyOfSnippet reads back', () => {
    const policy = contentSecurityPolicyOf(page('<script>var inline = 1;</script>'));
    const snippet = nginxSnippetOf(policy);
    expect(snippet.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
      `add_header Content-Security-Policy "${policy}" always;`,
    ]);
    expect(policyOfSnippet(snippet)).toBe(policy);
  });

  it('refuses a policy nginx would read differently', () => {
    expect(() => nginxSnippetOf("default-src 'self' $host")).toThrow();
    expect(() => nginxSnippetOf('default-src "self"')).toThrow();
  });
});

describe(contentSecurityPolicy.name, () => {
  let folder: string;
  let gateway: Server;
  let server: PreviewServer | undefined;

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wave-csp-'));
    // Stands for the gateway behind /api: it answers with headers of its own.
    gateway = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"from":"gateway"}');
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await new Promise((resolve) => gateway.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  const config = () => {
    const { port } = gateway.address() as AddressInfo;
    return {
      configFile: false as const,
      root: join(folder, 'app'),
      logLevel: 'silent' as const,
      plugins: [contentSecurityPolicy()],
      build: { outDir: join(folder, 'dist'), emptyOutDir: true },
      preview: {
        port: 0,
        host: '127.0.0.1',
        proxy: { '/api': { target: `http://127.0.0.1:${port}` } },
      },
    };
  };

  it('writes the policy of the built index.html, which the preview server sends with its own files only', async () => {
    const app = join(folder, 'app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'index.html'),
      page('<title>t</title><script>document.title = "pre-paint";</script>'),
    );

    await build(config());
    const built = readFileSync(join(folder, 'dist', 'index.html'), 'utf8');
    const snippet = readFileSync(join(folder, 'dist', CONTENT_SECURITY_POLICY_FILE), 'utf8');
    expect(policyOfSnippet(snippet)).toBe(contentSecurityPolicyOf(built));
    expect(inlineScriptHashes(built)).toHaveLength(1);

    server = await preview(config());
    const base = server.resolvedUrls?.local[0] ?? '';
    for (const path of ['', 'index.html', 'some/deep/link']) {
      const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(response.headers.get('content-security-policy')).toBe(policyOfSnippet(snippet));
    }
    const proxied = await fetch(`${base}api/anything`);
    expect(await proxied.json()).toEqual({ from: 'gateway' });
    expect(proxied.headers.get('content-security-policy')).toBeNull();
  });

  it('refuses to serve a build that has no policy', async () => {
    mkdirSync(join(folder, 'dist'));
    writeFileSync(join(folder, 'dist', 'index.html'), page('<title>old build</title>'));
    await expect(preview(config())).rejects.toThrow(/build the web app again/);
  });
});
