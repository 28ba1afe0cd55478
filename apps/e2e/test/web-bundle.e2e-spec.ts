import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The built web client's chunks (dist/apps/web, as `npm start` and the image serve them): the
 * charting library (recharts) is loaded only on /analytics, in that route's lazy chunk, and the
 * emoji picker (emoji-picker-react and its emoji data) only when a composer's picker is opened,
 * in its own lazy chunk; neither is in the entry chunk or anything the entry imports before the
 * first paint.
 */
const ROOT = join(__dirname, '../../..');
const ASSETS = join(ROOT, 'dist/apps/web/assets');
/** A class name every recharts chart draws (its SVG surface). */
const RECHARTS_MARKER = 'recharts-surface';
/** The key under which emoji-picker-react keeps the recently used emoji (its own code only). */
const EMOJI_PICKER_MARKER = 'epr_suggested';
/** A static import or re-export of a sibling chunk (not `import("./…")`, which loads later). */
const STATIC_IMPORT =
  /(?:import|export)\s*(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?|[\w$]+)?\s*(?:from\s*)?"\.\/([\w.-]+\.js)"/g;

const chunk = (name: string) => readFileSync(join(ASSETS, name), 'utf8');

/** The chunks loaded with the page: the entry script of index.html and its static imports. */
function firstPaintChunks(): Set<string> {
  const html = readFileSync(join(ROOT, 'dist/apps/web/index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html names no entry script');
  const seen = new Set<string>();
  const queue = [entry];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    for (const [, imported] of chunk(name).matchAll(STATIC_IMPORT)) queue.push(imported!);
  }
  return seen;
}

describe('the built web client', () => {
  it('draws charts only in the analytics page, which is loaded when /analytics is opened', () => {
    const withCharts = readdirSync(ASSETS).filter(
      (name) => name.endsWith('.js') && chunk(name).includes(RECHARTS_MARKER),
    );
    expect(withCharts.length).toBeGreaterThan(0);
    for (const name of withCharts) expect(name).toMatch(/^analytics-page-[\w-]+\.js$/);

    const loadedFirst = firstPaintChunks();
    // What Vite itself preloads with the page, if anything (the build puts what every page loads
    // first in one file), is part of it (the import parsing finds it all).
    expect(loadedFirst.size).toBeGreaterThan(0);
    const html = readFileSync(join(ROOT, 'dist/apps/web/index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/assets\/([^"]+)"/g)];
    for (const [, name] of preloaded) expect(loadedFirst.has(name!)).toBe(true);
    for (const name of withCharts) expect(loadedFirst.has(name)).toBe(false);
  });

  it('loads no more before the first paint than when the picker and tooltips came (compressed)', () => {
    // What every page loads first, compressed as nginx and `npm start` send it (gzip; level 9
    // here, so the figure does not depend on a server's setting): 181.2 KB in eight files at
    // 9aa583c~1, before issue 15 added the emoji picker and the tooltips (BENCHMARKS.md).
    const FIRST_PAINT_GZIP_BUDGET = 181_200;
    const compressed = [...firstPaintChunks()].reduce(
      (total, name) => total + gzipSync(readFileSync(join(ASSETS, name)), { level: 9 }).length,
      0,
    );
    expect(compressed).toBeLessThanOrEqual(FIRST_PAINT_GZIP_BUDGET);
  });

  it('has the emoji picker only in its own chunk, which is loaded when a picker is opened', () => {
    const withPicker = readdirSync(ASSETS).filter(
      (name) => name.endsWith('.js') && chunk(name).includes(EMOJI_PICKER_MARKER),
    );
    expect(withPicker.length).toBeGreaterThan(0);
    for (const name of withPicker) expect(name).toMatch(/^emoji-picker-panel-[\w-]+\.js$/);

    const loadedFirst = firstPaintChunks();
    for (const name of withPicker) expect(loadedFirst.has(name)).toBe(false);
  });

  it("has index.html ask for the home page's reads and own files for a returning member, before the stylesheet holds scripts back", () => {
    const html = readFileSync(join(ROOT, 'dist/apps/web/index.html'), 'utf8');
    const script = /<script>([^<]*wave_member=1[^<]*)<\/script>/.exec(html);
    expect(script).not.toBeNull();
    expect(script!.index).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    // Who the reader is and the feed's first page, as the app asks for them.
    expect(script![1]).toContain('["/api/user","/api/tweets?limit=20"]');
    const files = [...script![1]!.matchAll(/\/assets\/([\w.-]+\.js)/g)].map(([, name]) => name!);
    // The home page's chunk and what it needs beyond the entry, every one a built file.
    expect(files.some((name) => /^home-page-[\w-]+\.js$/.test(name))).toBe(true);
    const built = new Set(readdirSync(ASSETS));
    const loadedFirst = firstPaintChunks();
    for (const name of files) {
      expect(built.has(name)).toBe(true);
      expect(loadedFirst.has(name)).toBe(false);
    }
  });
});
