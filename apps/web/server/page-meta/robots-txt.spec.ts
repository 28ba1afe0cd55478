// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { renderRobotsTxt, robotsTxtMiddleware } from './robots-txt.ts';

const ORIGIN = 'https://wave.example';

describe(renderRobotsTxt.name, () => {
  it("names the sitemap index by its full URL on the site's origin", () => {
    const source = readFileSync(
      fileURLToPath(new URL('../../public/robots.txt', import.meta.url)),
      'utf8',
    );
    const sut = renderRobotsTxt(source, ORIGIN);
    expect(sut.split('\n')).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // The rules themselves are kept as the file has them.
    expect(sut).toContain('User-agent: *');
    expect(sut).toContain('Disallow: /api/');
    expect(sut.match(/^sitemap:/gim)).toHaveLength(1);
  });

  it('makes only paths absolute, whatever the case and spacing, and leaves full URLs and other lines', () => {
    expect(
      renderRobotsTxt(
        [
          'sitemap:/a.xml',
          '  SITEMAP :  /b.xml  ',
          'Sitemap: https://other.example/c.xml',
          'Sitemap: //evil.example/d.xml',
          'Disallow: /sitemap.xml',
          '# Sitemap: /e.xml',
        ].join('\r\n'),
        ORIGIN,
      ).split('\n'),
    ).toEqual([
      `Sitemap: ${ORIGIN}/a.xml`,
      `Sitemap: ${ORIGIN}/b.xml`,
      'Sitemap: https://other.example/c.xml',
      'Sitemap: //evil.example/d.xml',
      'Disallow: /sitemap.xml',
      '# Sitemap: /e.xml',
    ]);
  });
});

describe(robotsTxtMiddleware.name, () => {
  it('answers GET and HEAD of /robots.txt as text, and passes on everything else', async () => {
    const handle = robotsTxtMiddleware('User-agent: *\n');
    const server = createServer((req, res) =>
      handle(req, res, () => {
        res.statusCode = 418;
        res.end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = await fetch(`${url}/robots.txt?x=1`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await answer.text()).toBe('User-agent: *\n');
      const head = await fetch(`${url}/robots.txt`, { method: 'HEAD' });
      expect([head.status, await head.text()]).toEqual([200, '']);
      expect((await fetch(`${url}/robots.txt`, { method: 'POST' })).status).toBe(418);
      expect((await fetch(`${url}/robots.txt/x`)).status).toBe(418);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
