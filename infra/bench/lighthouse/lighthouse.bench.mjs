// Lighthouse scores of the production build, on the landing page (a visitor) and the home
// feed (a signed-in demo member), against a running `npm start` (WEB_URL, default
// http://127.0.0.1:8080). Each page is measured RUNS times with Lighthouse's default mobile
// profile (simulated slow 4G, 4x CPU slowdown) and with its desktop preset; the median run is
// reported. Each page and profile gets a browser of its own: the member's holds what a returning
// member's does (the session cookie and the client's member hint), the visitor's nothing.
// Usage: npm start (in another terminal), then npm run bench:lighthouse. PAGES=landing|home and
// PROFILES=mobile|desktop narrow the run; REPORT_DIR=path keeps each run's full report as JSON.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/lib/browser.mjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const WEB_URL = process.env.WEB_URL ?? 'http://127.0.0.1:8080';
const RUNS = Number(process.env.RUNS ?? 3);
const DEMO = { email: 'ada@demo.wave.local', password: 'wave-demo-2026' };
const PAGES = (process.env.PAGES ?? 'landing,home').split(',');
const PROFILES = (process.env.PROFILES ?? 'mobile,desktop').split(',');
const REPORT_DIR = process.env.REPORT_DIR;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function signIn() {
  const response = await fetch(`${WEB_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok)
    throw new Error(`demo sign-in failed: ${response.status} (is npm start running?)`);
  const cookies = response.headers.getSetCookie().map((header) => {
    const [name, ...value] = header.split(';')[0].split('=');
    return { name, value: value.join('=') };
  });
  // What the client writes once it knows the reader is a member (app/warm-start.ts).
  return [...cookies, { name: 'wave_member', value: '1' }];
}

/** A browser of its own, holding `cookies` for the app's origin. */
async function launchWith(cookies) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    chromeFlags: FLAGS,
  });
  if (cookies) {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    await browser.setCookie(...cookies.map((cookie) => ({ ...cookie, url: WEB_URL })));
    await browser.disconnect();
  }
  return chrome;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(chrome, url, { preset, name }) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        // Each run starts cold: no cache, no service worker, no storage from the run before
        // (Lighthouse keeps cookies).
        disableStorageReset: false,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result.lhr;
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(join(REPORT_DIR, `${name}-${preset}-${run + 1}.json`), JSON.stringify(lhr));
    }
    runs.push({
      scores: Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      ),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      failing: Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 0.9 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'notApplicable' &&
            audit.scoreDisplayMode !== 'manual',
        )
        .map((audit) => audit.id),
    });
  }
  const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const middle = byPerformance[Math.floor(runs.length / 2)];
  return {
    ...middle,
    performanceRange: [
      byPerformance[0].scores.performance,
      byPerformance.at(-1).scores.performance,
    ],
    lcp: median(runs.map((run) => run.lcp)),
  };
}

// Debian's Chromium, installed as the browser tests do when it is missing.
if (!process.env.CHROME_PATH) await ensureChromium();
const memberCookies = await signIn();
const rows = [];
for (const preset of PROFILES) {
  for (const [name, page, cookies] of [
    ['landing', 'landing page (visitor)', undefined],
    ['home', 'home feed (member)', memberCookies],
  ]) {
    if (!PAGES.includes(name)) continue;
    const chrome = await launchWith(cookies);
    try {
      const result = await measure(chrome, `${WEB_URL}/`, { preset, name });
      rows.push({ page, preset, ...result });
      console.log(
        `${page}, ${preset}: ${CATEGORIES.map((id) => `${id} ${result.scores[id]}`).join(', ')}` +
          ` (performance over ${RUNS} runs ${result.performanceRange.join('–')};` +
          ` LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)})` +
          (result.failing.length ? `\n  audits under 0.9: ${result.failing.join(', ')}` : ''),
      );
    } finally {
      chrome.kill();
    }
  }
}
console.log('\n| page | profile | performance | accessibility | best practices | SEO | LCP |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) {
  console.log(
    `| ${row.page} | ${row.preset} | ${row.scores.performance} (${row.performanceRange.join('–')}) | ${row.scores.accessibility} | ${row.scores['best-practices']} | ${row.scores.seo} | ${(row.lcp / 1000).toFixed(1)} s |`,
  );
}
