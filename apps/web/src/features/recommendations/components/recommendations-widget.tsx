import { useQueryClient } from '@tanstack/react-query';
import type { Recommendation } from '@wave/contracts';
import { FileText, RefreshCw, User, Users, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { forgetRecommendation, useRecommendations } from '../api/get-recommendations';
import { useRecommendationFeedback } from '../api/send-feedback';
import { MESSAGES } from '../messages';
import { recommendationHref, recommendationTitle } from '../utils/recommendation-title';
import { useRevealWhenLoaded } from '../../../components/reveal-together';

/** Items the widget asks for (spec: 5 per request). */
export const WIDGET_SIZE = 5;

const ICONS = { user: User, post: FileText, community: Users } as const;
const keyOf = (item: Pick<Recommendation, 'contentType' | 'contentId'>): string =>
  `${item.contentType}:${item.contentId}`;

function RecommendationRow({
  item,
  onChoose,
  onDismiss,
}: {
  item: Recommendation;
  onChoose: () => void;
  onDismiss: () => void;
}) {
  const Icon = ICONS[item.contentType];
  const title = recommendationTitle(item);
  return (
    <li className="flex items-start gap-3">
      <Icon className="mt-1 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <Link
        to={recommendationHref(item)}
        onClick={onChoose}
        className="min-w-0 flex-1 hover:underline"
      >
        <span className="sr-only">{MESSAGES.kinds[item.contentType]}: </span>
        <span className="block break-words font-semibold">{title}</span>
        <span className="block text-xs text-muted-foreground">{item.reason}</span>
      </Link>
      <Tooltip content="Dismiss" side="left">
        <Button
          variant="ghost"
          size="icon"
          className="h-8 w-8 shrink-0"
          aria-label={MESSAGES.dismiss(title)}
          onClick={onDismiss}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </Tooltip>
    </li>
  );
}

/**
 * The right column's AI recommendations, for members (spec part 1): five people, posts and
 * communities with why; a dismissed one is hidden at once and never suggested again (the
 * server is told); choosing one tells the server (with its score) and opens it; 'Get More
 * Recommendations' asks again.
 */
export function RecommendationsWidget() {
  const queryClient = useQueryClient();
  const query = useRecommendations(WIDGET_SIZE);
  useRevealWhenLoaded(query.isPending);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  // A refused dismissal brings its item back even when other feedback was sent since (the
  // rollback is on the hook: callbacks given to `mutate` run for the latest call only).
  const dismissal = useRecommendationFeedback({
    onSuccess: (_, item) => forgetRecommendation(queryClient, item),
    onError: (error, item) => {
      const key = keyOf(item);
      setDismissed((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
      toast({ variant: 'destructive', description: messageOf(error, MESSAGES.dismissFailed) });
    },
  });
  const feedback = useRecommendationFeedback();
  const headingId = useId();
  const items = (query.data ?? []).filter((item) => !dismissed.has(keyOf(item)));

  const dismiss = (item: Recommendation) => {
    setDismissed((current) => new Set(current).add(keyOf(item)));
    dismissal.mutate({
      action: 'dismiss',
      contentId: item.contentId,
      contentType: item.contentType,
    });
  };
  const choose = (item: Recommendation) => {
    feedback.mutate({
      action: 'click',
      contentId: item.contentId,
      contentType: item.contentType,
      score: item.score,
    });
  };

  return (
    <section className="rounded-2xl bg-muted p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-bold">
        {MESSAGES.widgetHeading}
      </h2>
      {query.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {MESSAGES.loading}…
        </p>
      ) : query.isError && !query.data ? (
        <div role="alert" className="grid gap-2 text-sm">
          <p className="text-muted-foreground">{MESSAGES.failed}</p>
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{MESSAGES.empty}</p>
      ) : (
        <ul className="grid gap-3" aria-labelledby={headingId} aria-busy={query.isFetching}>
          {items.map((item) => (
            <RecommendationRow
              key={keyOf(item)}
              item={item}
              onChoose={() => choose(item)}
              onDismiss={() => dismiss(item)}
            />
          ))}
        </ul>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="mt-2 px-0 text-primary"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        <RefreshCw className="h-4 w-4" aria-hidden="true" /> {MESSAGES.getMore}
      </Button>
    </section>
  );
}
