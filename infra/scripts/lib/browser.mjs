// The browser tests drive Debian's Chromium (playwright-core cannot download one here).
import { existsSync } from 'node:fs';
import { commandExists, fail, isRoot, log, run } from './shell.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export async function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (!commandExists('apt-get'))
    fail(`Please install Chromium at ${CHROMIUM_PATH} for the browser tests.`);
  log('Installing Chromium for the browser tests (apt-get install chromium)...');
  const prefix = isRoot() ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = [...prefix, 'apt-get', 'install', '-y', '--no-install-recommends', 'chromium'];
  if ((await run(install[0], install.slice(1), { env })) !== 0) {
    await run(prefix[0] ?? 'apt-get', [...(prefix.length ? ['apt-get'] : []), 'update'], { env });
    if ((await run(install[0], install.slice(1), { env })) !== 0)
      fail('Could not install Chromium');
  }
}
