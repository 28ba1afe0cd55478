import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AnalyticsException } from '../common/analytics.exception';
import { parseSitemapFileName } from './sitemap-pages.util';
import { SitemapsService } from './sitemaps.service';

/**
 * XML, kept a while by caches: crawlers read sitemaps a few times a day at most. Set on the
 * answer only once there is one (a refusal stays `{ message }` JSON).
 */
function asXml(reply: FastifyReply, maxAgeSeconds: number): void {
  void reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('cache-control', `public, max-age=${maxAgeSeconds}`);
}

/** The sitemaps, for crawlers (through the gateway and the web server, on the site's origin). */
@Controller()
export class SitemapsController {
  constructor(private readonly sitemaps: SitemapsService) {}

  /** `GET /sitemap.xml`: the sitemap index. */
  @Get('sitemap.xml')
  async index(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const xml = await this.sitemaps.index();
    asXml(reply, 900);
    return xml;
  }

  /** `GET /sitemaps/{profiles|posts|communities}-{n}.xml`: one file of URLs; 404 past the last. */
  @Get('sitemaps/:file')
  async file(
    @Param('file') file: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const named = parseSitemapFileName(file);
    const xml = named ? await this.sitemaps.file(named.kind, named.page) : null;
    if (xml === null) throw new AnalyticsException('SITEMAP_NOT_FOUND');
    asXml(reply, 3600);
    return xml;
  }
}
