import { Inject, Injectable } from '@nestjs/common';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import type { SitemapKind } from './sitemap-pages.util';
import {
  MAX_SITEMAPS_PER_INDEX,
  pageSpan,
  SITEMAP_KINDS,
  seqRangeOf,
  sitemapFileName,
} from './sitemap-pages.util';
import type { SitemapEntry } from './sitemap-xml.util';
import { sitemapIndexXml, urlSetXml } from './sitemap-xml.util';
import { SitemapsRepository } from './sitemaps.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where each kind's pages live on the site (the web client's routes, canonical forms). */
const PAGE_PATHS: Record<SitemapKind, (id: string) => string> = {
  profiles: (id) => `/profile/${id}`,
  posts: (id) => `/tweet/${id}`,
  communities: (id) => `/community/${id}`,
};

/**
 * The sitemaps of the site's public pages: every profile, the top-level posts of the last
 * SITEMAP_POST_DAYS days, and the public communities, SITEMAP_PAGE_SIZE URLs a file at most,
 * behind one sitemap index. URLs name PUBLIC_ORIGIN.
 */
@Injectable()
export class SitemapsService {
  constructor(
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly repository: SitemapsRepository,
  ) {}

  /** `/sitemap.xml`: every file that lists something, at most 50,000 of them. */
  async index(now = new Date()): Promise<string> {
    const since = this.postsSince(now);
    const size = this.config.SITEMAP_PAGE_SIZE;
    const sitemaps: SitemapEntry[] = [];
    for (const kind of SITEMAP_KINDS) {
      const first = kind === 'posts' ? await this.repository.firstPostSeqSince(since) : 1;
      const span = pageSpan(first, await this.repository.lastSeq(kind), size);
      if (!span) continue;
      for (const page of await this.repository.pagesWithRows(kind, span, size, since)) {
        sitemaps.push({ loc: this.url(`/sitemaps/${sitemapFileName(kind, page)}`), lastmod: null });
      }
    }
    return sitemapIndexXml(sitemaps.slice(0, MAX_SITEMAPS_PER_INDEX));
  }

  /** `/sitemaps/{kind}-{page}.xml`, or null when that file lists nothing (a 404). */
  async file(kind: SitemapKind, page: number, now = new Date()): Promise<string | null> {
    const rows = await this.repository.rows(
      kind,
      seqRangeOf(page, this.config.SITEMAP_PAGE_SIZE),
      this.postsSince(now),
    );
    if (rows.length === 0) return null;
    return urlSetXml(
      rows.map((row) => ({
        loc: this.url(PAGE_PATHS[kind](row.id)),
        lastmod: row.lastmod === null ? null : new Date(row.lastmod),
      })),
    );
  }

  private postsSince(now: Date): Date {
    return new Date(now.getTime() - this.config.SITEMAP_POST_DAYS * DAY_MS);
  }

  private url(path: string): string {
    return `${this.config.PUBLIC_ORIGIN}${path}`;
  }
}
