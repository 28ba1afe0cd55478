import { cn } from '../../../lib/cn';
import type { ScoreBand } from '../seo-limits';
import { displayScore, SCORE_BAND_LABEL, scoreBand, SEO_SCORE_MAX } from '../seo-limits';

const BADGE_STYLE: Record<ScoreBand, string> = {
  good: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  fair: 'bg-amber-500/10 text-amber-800 dark:text-amber-300',
  poor: 'bg-red-500/10 text-red-700 dark:text-red-400',
};

const BAR_STYLE: Record<ScoreBand, string> = {
  good: 'bg-emerald-600',
  fair: 'bg-amber-500',
  poor: 'bg-red-600',
};

/** A score in its colour band (80 or more good, 60 to 79 middling, below 60 poor), named too. */
export function ScoreBadge({ score, className }: { score: number; className?: string }) {
  const band = scoreBand(score);
  return (
    <span
      data-band={band}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
        BADGE_STYLE[band],
        className,
      )}
    >
      {displayScore(score)}
      <span aria-hidden="true">·</span>
      {SCORE_BAND_LABEL[band]}
    </span>
  );
}

/** A 0-100 measure as a progress bar (maximum 100), coloured by its band. */
export function ScoreBar({ score, label }: { score: number; label: string }) {
  const value = displayScore(score);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={SEO_SCORE_MAX}
      aria-valuenow={value}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn('h-full rounded-full', BAR_STYLE[scoreBand(value)])}
        style={{ width: `${(value / SEO_SCORE_MAX) * 100}%` }}
      />
    </div>
  );
}
