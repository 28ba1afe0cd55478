import { formatCount } from '../../../lib/format-count';
import { useSeoRecommendations } from '../api/get-seo-recommendations';
import { MESSAGES } from '../messages';
import { PanelError, PanelLoading, PanelMessage } from './panel-state';

const pagesLabel = (count: number) => (count === 1 ? '1 page' : `${formatCount(count)} pages`);

/** Recommendations: the most common advice over the member's pages, with page counts (60 s). */
export function RecommendationsPanel() {
  const query = useSeoRecommendations();
  if (query.isPending) return <PanelLoading label="Loading recommendations" />;
  if (query.isError) {
    return (
      <PanelError
        title={MESSAGES.recommendationsFailed}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { totalAnalyses, topRecommendations } = query.data;
  return (
    <div className="grid gap-2 py-4">
      <p className="px-4 text-sm text-muted-foreground">
        From {totalAnalyses === 1 ? '1 analysis' : `${formatCount(totalAnalyses)} analyses`} of your
        pages
      </p>
      {topRecommendations.length === 0 ? (
        <PanelMessage>{MESSAGES.noRecommendations}</PanelMessage>
      ) : (
        <ol aria-label="Top recommendations" className="divide-y divide-border">
          {topRecommendations.map(({ recommendation, count }) => (
            <li key={recommendation} className="flex items-start justify-between gap-3 px-4 py-3">
              <span className="min-w-0 text-sm">{recommendation}</span>
              <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold tabular-nums">
                {pagesLabel(count)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
