import { useId } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useTrendItems } from '../hooks/use-trend-items';
import { MESSAGES } from '../messages';
import { SAMPLE_TRENDS } from '../sample-trends';
import { TrendSkeletons } from './trend-skeletons';
import { useRevealWhenLoaded } from '../../../components/reveal-together';

/**
 * The right sidebar's 'What's happening': the most used hashtags of the last
 * 24 hours, or the sample list while there are none (spec part 1, section 2). 'Show more'
 * opens Explore's trending topics, which list more of them.
 */
export function WhatsHappening() {
  const { items, loading, live } = useTrendItems(SAMPLE_TRENDS);
  useRevealWhenLoaded(loading);
  const headingId = useId();
  return (
    <section className="rounded-2xl bg-muted p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-bold">
        {MESSAGES.trendsHeading}
      </h2>
      {loading ? (
        <TrendSkeletons />
      ) : (
        <ul className="grid gap-3" aria-labelledby={headingId}>
          {items.map((trend) => (
            <li key={trend.name}>
              {trend.category || live ? (
                <p className="text-xs text-muted-foreground">
                  {trend.category ?? MESSAGES.trending}
                </p>
              ) : null}
              <p className="font-semibold">{trend.name}</p>
              <p className="text-xs text-muted-foreground">{trend.tweets}</p>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={paths.exploreTrends.getHref()}
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'mt-2 px-0 text-primary')}
      >
        {MESSAGES.showMore}
      </Link>
    </section>
  );
}
