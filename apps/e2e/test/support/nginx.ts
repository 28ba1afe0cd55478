import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@wave/testing';

const ROOT = join(__dirname, '../../../..');
/** Debian's nginx (`npm test` installs nginx-light); NGINX_PATH overrides it. */
export const NGINX_PATH = process.env['NGINX_PATH'] ?? '/usr/sbin/nginx';

/** Where the web image keeps what the template names (apps/web/Dockerfile). */
const IMAGE_SNIPPETS = '/etc/nginx/snippets';
const IMAGE_ROOT = '/usr/share/nginx/html';

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/**
 * The web image's nginx, as its entrypoint renders it: apps/web/nginx/default.conf.template
 * with its two upstreams substituted, the security headers and the Content-Security-Policy
 * the build wrote, serving dist/apps/web. Only what the image's file system and port change
 * is rewritten: the snippet folder, the document root and the port.
 */
export async function startNginx(upstreams: {
  gatewayUrl: string;
  pageMetaUrl: string;
}): Promise<Nginx> {
  if (!existsSync(NGINX_PATH))
    throw new Error(`${NGINX_PATH} is missing: apt-get install nginx-light`);
  const folder = mkdtempSync(join(tmpdir(), 'wave-nginx-'));
  // Workers started by root run as nobody: they read the snippets and write temporary files.
  chmodSync(folder, 0o755);
  const snippets = join(folder, 'snippets');
  mkdirSync(snippets);
  const port = await freePort();
  const hostOf = (url: string) => new URL(url).host;
  const image = (text: string) =>
    text.replaceAll(IMAGE_SNIPPETS, snippets).replaceAll(IMAGE_ROOT, join(ROOT, 'dist/apps/web'));

  const template = readFileSync(join(ROOT, 'apps/web/nginx/default.conf.template'), 'utf8');
  const rendered = image(template)
    .replaceAll('${GATEWAY_UPSTREAM}', hostOf(upstreams.gatewayUrl))
    .replaceAll('${PAGE_META_UPSTREAM}', hostOf(upstreams.pageMetaUrl))
    .replaceAll('${REAL_IP_FROM}', '127.0.0.1/32')
    .replace(/^(\s*)listen 8080;$/m, `$1listen 127.0.0.1:${port};`);
  if (!rendered.includes(`listen 127.0.0.1:${port};`)) throw new Error('no `listen 8080;` to move');
  writeFileSync(join(folder, 'default.conf'), rendered);
  writeFileSync(
    join(snippets, 'security-headers.conf'),
    image(readFileSync(join(ROOT, 'apps/web/nginx/security-headers.conf'), 'utf8')),
  );
  writeFileSync(
    join(snippets, 'content-security-policy.conf'),
    readFileSync(join(ROOT, 'dist/apps/web/content-security-policy.conf'), 'utf8'),
  );
  writeFileSync(
    join(folder, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${join(folder, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(folder, kind)};`,
      ),
      `  include ${join(folder, 'default.conf')};`,
      '}',
      '',
    ].join('\n'),
  );

  let output = '';
  const child: ChildProcess = spawn(
    NGINX_PATH,
    ['-p', folder, '-c', join(folder, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      });
    }
    rmSync(folder, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited at start:\n${output}`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer /healthz:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop };
}
