import type { AnalyticsOverview, AnalyticsRange } from '@wave/contracts';
import type { LucideIcon } from 'lucide-react';
import { Eye, Heart, MessageCircle, Minus, TrendingDown, TrendingUp, Users } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format-count';
import type { GrowthKind } from '../analytics-format';
import { formatGrowth, growthKind } from '../analytics-format';
import { ANALYTICS_RANGE_DAYS } from '../analytics-limits';

const GROWTH_STYLE: Record<GrowthKind, { icon: LucideIcon; className: string }> = {
  positive: {
    icon: TrendingUp,
    className: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  },
  negative: { icon: TrendingDown, className: 'bg-red-500/10 text-red-700 dark:text-red-400' },
  zero: { icon: Minus, className: 'bg-muted text-muted-foreground' },
};

/** A growth badge (spec part 2, section 4): positive, negative or zero, against the period before. */
export function GrowthBadge({ percent, range }: { percent: number; range: AnalyticsRange }) {
  const kind = growthKind(percent);
  const { icon: Icon, className } = GROWTH_STYLE[kind];
  return (
    <span
      data-growth={kind}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        className,
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {formatGrowth(percent)}
      <span className="sr-only"> against the previous {ANALYTICS_RANGE_DAYS[range]} days</span>
    </span>
  );
}

interface Metric {
  label: string;
  icon: LucideIcon;
  total: number;
  growth: number;
}

const metricsOf = (overview: AnalyticsOverview): Metric[] => [
  { label: 'Views', icon: Eye, total: overview.totalViews, growth: overview.growth.views },
  { label: 'Likes', icon: Heart, total: overview.totalLikes, growth: overview.growth.likes },
  {
    label: 'Replies',
    icon: MessageCircle,
    total: overview.totalReplies,
    growth: overview.growth.replies,
  },
  {
    label: 'Followers',
    icon: Users,
    total: overview.totalFollowers,
    growth: overview.growth.followers,
  },
];

/** The four metric cards: views, likes, replies and followers, each with its growth. */
export function MetricCards({
  overview,
  range,
}: {
  overview: AnalyticsOverview;
  range: AnalyticsRange;
}) {
  return (
    <ul aria-label="Overview" className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-4">
      {metricsOf(overview).map(({ label, icon: Icon, total, growth }) => (
        <li key={label} className="grid gap-1 rounded-xl border border-border p-3">
          <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Icon className="h-4 w-4" aria-hidden="true" />
            {label}
          </span>
          <span className="text-2xl font-bold tabular-nums" title={total.toLocaleString('en-US')}>
            {formatCount(total)}
          </span>
          <span>
            <GrowthBadge percent={growth} range={range} />
          </span>
        </li>
      ))}
    </ul>
  );
}
