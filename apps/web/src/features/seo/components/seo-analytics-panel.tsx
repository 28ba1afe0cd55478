import type { SeoPageAnalysis } from '@wave/contracts';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format-count';
import { useSeoAnalytics } from '../api/get-seo-analytics';
import { MESSAGES } from '../messages';
import { displayScore, ISSUES_SHOWN } from '../seo-limits';
import { PanelError, PanelLoading, PanelMessage } from './panel-state';
import { ScoreBadge, ScoreBar } from './seo-score';

function Stat({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <li className="grid content-start gap-1 rounded-xl border border-border p-3">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="text-2xl font-bold tabular-nums">{value}</span>
      {children}
    </li>
  );
}

/** A page's path links to it; anything else (never expected) is only shown. */
const PageUrl = ({ url }: { url: string }) =>
  url.startsWith('/') && !url.startsWith('//') ? (
    <Link to={url} className="truncate text-xs text-primary hover:underline">
      {url}
    </Link>
  ) : (
    <span className="truncate text-xs text-muted-foreground">{url}</span>
  );

function PageAnalysis({ page }: { page: SeoPageAnalysis }) {
  const shown = page.issues.slice(0, ISSUES_SHOWN);
  const more = page.issues.length - shown.length;
  return (
    <li className="grid gap-2 px-4 py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <h3 className="truncate text-sm font-semibold">{page.title || page.url}</h3>
          <PageUrl url={page.url} />
        </div>
        <ScoreBadge score={page.seoScore} />
      </div>
      {shown.length > 0 ? (
        <ul aria-label="Issues" className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          {shown.map((issue, index) => (
            <li key={`${index}-${issue}`}>{issue}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No issues found.</p>
      )}
      {more > 0 ? <p className="text-xs font-semibold">{MESSAGES.moreIssues(more)}</p> : null}
    </li>
  );
}

/**
 * Analytics: total page views, the average SEO score (a progress bar, maximum 100), pages
 * analysed, issues found, and each page's analysis, the lowest scores first. Read again every
 * 30 s.
 */
export function SeoAnalyticsPanel() {
  const query = useSeoAnalytics();
  const headingId = useId();
  if (query.isPending) return <PanelLoading label="Loading SEO analytics" />;
  if (query.isError) {
    return (
      <PanelError
        title={MESSAGES.analyticsFailed}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const { summary, totalPages, analyses } = query.data;
  const pages = Object.entries(analyses).sort(
    ([, a], [, b]) => a.seoScore - b.seoScore || a.title.localeCompare(b.title),
  );
  return (
    <div className="grid gap-4 py-4">
      <ul aria-label="SEO summary" className="grid grid-cols-2 gap-3 px-4 lg:grid-cols-4">
        <Stat label="Total page views" value={formatCount(summary.totalPageViews)} />
        <Stat label="Average SEO score" value={String(displayScore(summary.avgSEOScore))}>
          <ScoreBar score={summary.avgSEOScore} label="Average SEO score" />
        </Stat>
        <Stat label="Pages analyzed" value={formatCount(totalPages)} />
        <Stat label="Issues found" value={formatCount(summary.totalIssues)} />
      </ul>
      <section aria-labelledby={headingId} className="grid gap-1">
        <h2 id={headingId} className="px-4 text-base font-bold">
          Page analysis
        </h2>
        {pages.length === 0 ? (
          <PanelMessage>{MESSAGES.noPages}</PanelMessage>
        ) : (
          <ul aria-label="Pages" className="divide-y divide-border">
            {pages.map(([path, page]) => (
              <PageAnalysis key={path} page={page} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
