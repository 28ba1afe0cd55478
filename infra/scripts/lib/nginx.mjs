// The whole-stack tests run the web image's nginx configuration (apps/web/nginx) with Debian's
// nginx in front of the built app, the page renderer and the gateway.
import { existsSync } from 'node:fs';
import { commandExists, fail, isRoot, log, run } from './shell.mjs';

export const NGINX_PATH = '/usr/sbin/nginx';

export async function ensureNginx() {
  if (existsSync(NGINX_PATH)) return;
  if (!commandExists('apt-get')) fail(`Please install nginx at ${NGINX_PATH} for the web tests.`);
  log('Installing nginx for the web tests (apt-get install nginx-light)...');
  const prefix = isRoot() ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = [...prefix, 'apt-get', 'install', '-y', '--no-install-recommends', 'nginx-light'];
  if ((await run(install[0], install.slice(1), { env })) !== 0) {
    await run(prefix[0] ?? 'apt-get', [...(prefix.length ? ['apt-get'] : []), 'update'], { env });
    if ((await run(install[0], install.slice(1), { env })) !== 0) fail('Could not install nginx');
  }
}
