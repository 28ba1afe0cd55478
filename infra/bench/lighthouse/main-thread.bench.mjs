// The main thread's work while a returning member's home feed loads on a phone-sized page, from
// Chromium's own trace, for one or more running builds side by side (Lighthouse's scores move
// with when Chromium happens to present a frame; this measures only the work). Each build is
// loaded N times, the builds in turn (after one load each, not counted), each load cold (cache off, storage cleared, the session and
// the member hint kept), unthrottled. Per build it reports the medians of: the main thread's busy
// time in tasks, how many tasks would be long on Lighthouse's phone (over 50 ms at its 4x CPU
// slowdown), their blocking time at that slowdown, and the time spent in each kind of work.
// Usage: npm start (and any other build under `vite preview`), then
//   URLS=http://127.0.0.1:8080,http://127.0.0.1:8082 N=8 npm run bench:main-thread
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/lib/browser.mjs';

const URLS = (process.env.URLS ?? 'http://127.0.0.1:8080').split(',');
const N = Number(process.env.N ?? 8);
const DEMO = { email: 'ada@demo.wave.local', password: 'wave-demo-2026' };
/** Lighthouse's mobile CPU slowdown, and what it counts as a long task. */
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** The kinds of work reported (trace event names under a task). */
const KINDS = [
  'ParseHTML',
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'Commit',
  'MinorGC',
];

async function memberCookies(url) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`demo sign-in at ${url} failed: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((header) => {
    const [name, ...value] = header.split(';')[0].split('=');
    return { name, value: value.join('='), url };
  });
  // The client's member hint (app/warm-start.ts), as a returning member's browser holds it.
  return [...cookies, { name: 'wave_member', value: '1', url }];
}

async function loadOnce(browser, url, cookies) {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin: url, storageTypes: 'all' });
    await browser.setCookie(...cookies);
    await page.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.tracing.start({
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
        'blink.user_timing',
      ],
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle0', timeout: 30_000 });
    const { traceEvents } = JSON.parse(new TextDecoder().decode(await page.tracing.stop()));
    const start = traceEvents
      .filter(
        (event) =>
          event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === `${url}/`,
      )
      .at(-1);
    if (!start) throw new Error(`no navigation to ${url}/ in the trace`);
    const onMain = traceEvents.filter(
      (event) =>
        event.pid === start.pid &&
        event.tid === start.tid &&
        event.ph === 'X' &&
        event.ts >= start.ts,
    );
    let busy = 0;
    let longTasks = 0;
    let blocking = 0;
    for (const task of onMain.filter((event) => event.name === 'RunTask')) {
      const ms = task.dur / 1000;
      busy += ms;
      if (ms * SLOWDOWN > LONG_TASK_MS) {
        longTasks += 1;
        blocking += ms * SLOWDOWN - LONG_TASK_MS;
      }
    }
    const kinds = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
    for (const event of onMain) if (event.name in kinds) kinds[event.name] += event.dur / 1000;
    return { busy, longTasks, blocking, kinds };
  } finally {
    await page.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Debian's Chromium, installed as the browser tests do when it is missing.
if (!process.env.CHROME_PATH) await ensureChromium();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const cookies = await Promise.all(URLS.map(memberCookies));
  const loads = URLS.map(() => []);
  // One load of each first, not counted (the browser's own first-use costs); then each round
  // starts with the next build, so that no build is always the one loaded after a page closes.
  for (const [index, url] of URLS.entries()) await loadOnce(browser, url, cookies[index]);
  for (let run = 0; run < N; run += 1) {
    for (let step = 0; step < URLS.length; step += 1) {
      const index = (run + step) % URLS.length;
      loads[index].push(await loadOnce(browser, URLS[index], cookies[index]));
    }
  }
  console.log(
    `\nMedians of ${N} loads of / as the demo member (412 x 823 phone page, unthrottled)\n`,
  );
  console.log(
    `| build | busy (ms) | long tasks at ${SLOWDOWN}x | blocking at ${SLOWDOWN}x (ms) | ${KINDS.join(' | ')} |`,
  );
  console.log(`| --- | --- | --- | --- | ${KINDS.map(() => '---').join(' | ')} |`);
  for (const [index, url] of URLS.entries()) {
    const runs = loads[index];
    const cells = [
      median(runs.map((run) => run.busy)).toFixed(0),
      median(runs.map((run) => run.longTasks)),
      median(runs.map((run) => run.blocking)).toFixed(0),
      ...KINDS.map((kind) => median(runs.map((run) => run.kinds[kind])).toFixed(1)),
    ];
    console.log(`| ${url} | ${cells.join(' | ')} |`);
  }
} finally {
  await browser.close();
}
