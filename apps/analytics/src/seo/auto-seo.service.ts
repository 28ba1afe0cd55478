import { Injectable, Logger } from '@nestjs/common';
import { analyzeSeo } from '@wave/seo-analysis';
import type { CommunityPageOwner } from '../communities/communities.repository';
import { CommunitiesRepository } from '../communities/communities.repository';
import { PageFetcher } from './page-fetcher';
import { parsePageSnapshot, readPage } from './page-snapshot.parser';
import { publicPageKindOf } from './public-page.util';
import { SeoPagesRepository } from './seo-pages.repository';

/** A run's pages are leased this long: past it, a page left by a replica that died is due again. */
export const AUTO_SEO_LEASE_SECONDS = 300;

export interface AutoSeoRun {
  analysed: number;
  missing: number;
  postponed: number;
}

/**
 * Auto-SEO: every public page that gets views is analysed from exactly what a crawler
 * receives (the web server's server-rendered title, description and structured data),
 * again when its content changes, and otherwise at most once an hour while it gets views.
 * A post's and a profile's owner is the one their markup names; a community's, the owner the
 * communities projection knows (a private community, or any page marked `noindex`, is
 * forgotten instead).
 */
@Injectable()
export class AutoSeoService {
  private readonly logger = new Logger(AutoSeoService.name);

  constructor(
    private readonly pages: SeoPagesRepository,
    private readonly fetcher: PageFetcher,
    private readonly communities: CommunitiesRepository,
  ) {}

  /** Analyses up to `limit` due pages, one after the other (a run stays light on the web server). */
  async analyseDue(limit: number): Promise<AutoSeoRun> {
    const run: AutoSeoRun = { analysed: 0, missing: 0, postponed: 0 };
    for (const path of await this.pages.claimDue(limit, AUTO_SEO_LEASE_SECONDS)) {
      await this.analyse(path, run);
    }
    return run;
  }

  private async analyse(path: string, run: AutoSeoRun): Promise<void> {
    const kind = publicPageKindOf(path);
    // A community's owner comes from the projection; a private community is no public page.
    const community = kind === 'community' ? await this.communityOf(path) : null;
    const page =
      kind && !community?.isPrivate
        ? await this.fetcher.fetch(path)
        : ({ outcome: 'missing' } as const);
    if (page.outcome === 'missing' || !kind) {
      await this.pages.forgetPath(path);
      run.missing += 1;
      return;
    }
    if (page.outcome === 'unavailable') {
      this.logger.warn(`Auto-SEO could not read ${path}: ${page.reason}`);
      await this.pages.postpone(path);
      run.postponed += 1;
      return;
    }
    const snapshot = parsePageSnapshot(page.html);
    if (snapshot.noIndex) {
      // The page asks crawlers to leave it out (a private community the projection has not
      // heard of yet): not one of the site's public pages.
      await this.pages.forgetPath(path);
      run.missing += 1;
      return;
    }
    const read = readPage(kind, snapshot, path);
    const reading = community ? { ...read, ownerId: community.ownerId } : read;
    const analysis = analyzeSeo({
      title: reading.title,
      description: reading.description,
      content: reading.content,
    });
    await this.pages.save(path, {
      ownerId: reading.ownerId,
      title: reading.title,
      url: reading.url,
      seoScore: analysis.seoScore,
      issues: analysis.issues,
      recommendations: analysis.recommendations,
    });
    run.analysed += 1;
  }

  private async communityOf(path: string): Promise<CommunityPageOwner | null> {
    const id = /[0-9a-f-]{36}$/i.exec(path)?.[0];
    return id ? this.communities.ownershipOf(id.toLowerCase()) : null;
  }
}
