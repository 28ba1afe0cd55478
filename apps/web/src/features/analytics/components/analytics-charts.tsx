import type { AnalyticsDailyStat } from '@wave/contracts';
import type { ReactElement } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount } from '../../../lib/format-count';
import { dayLabel } from '../analytics-format';

/**
 * The dashboard's charts (recharts, SVG). They are pictures of the numbers the panels also list
 * in tables, so they are hidden from assistive technology and take no focus (no accessibility
 * layer); the tables are what a screen reader reads. This module, and recharts with it, loads
 * only with the /analytics page.
 */

const CHART_HEIGHT = 220;
/** Rendered at this size until the container is measured (and in tests, where nothing is). */
const INITIAL_SIZE = { width: 320, height: CHART_HEIGHT };

/** Series colours with at least 3:1 contrast on both the light and the dark background. */
const COLOURS = { views: '#3b82f6', likes: '#ec4899', replies: '#059669', followers: '#8b5cf6' };

const tick = { fill: 'currentColor', fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--card)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    color: 'var(--foreground)',
  },
  labelStyle: { color: 'var(--foreground)', fontWeight: 600 },
};

function ChartFrame({ children }: { children: ReactElement }) {
  return (
    <div aria-hidden="true" className="text-muted-foreground" data-testid="chart">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL_SIZE}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Views as bars (left axis), likes and replies as lines (right axis): their scales differ. */
export function DailyStatsChart({ days }: { days: readonly AnalyticsDailyStat[] }) {
  const data = days.map((day) => ({ ...day, label: dayLabel(day.date) }));
  return (
    <ChartFrame>
      <ComposedChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis dataKey="label" tick={tick} tickLine={false} interval="preserveStartEnd" />
        <YAxis
          yAxisId="views"
          tick={tick}
          tickLine={false}
          axisLine={false}
          width={40}
          allowDecimals={false}
          tickFormatter={formatCount}
        />
        <YAxis
          yAxisId="engagement"
          orientation="right"
          tick={tick}
          tickLine={false}
          axisLine={false}
          width={32}
          allowDecimals={false}
          tickFormatter={formatCount}
        />
        <Tooltip {...tooltipStyle} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          yAxisId="views"
          dataKey="views"
          name="Views"
          fill={COLOURS.views}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
        <Line
          yAxisId="engagement"
          dataKey="likes"
          name="Likes"
          stroke={COLOURS.likes}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          yAxisId="engagement"
          dataKey="replies"
          name="Replies"
          stroke={COLOURS.replies}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFrame>
  );
}

/** Followers at the end of each day. */
export function FollowerGrowthChart({
  points,
}: {
  points: readonly { date: string; count: number }[];
}) {
  const data = points.map((point) => ({ ...point, label: dayLabel(point.date) }));
  return (
    <ChartFrame>
      <AreaChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis dataKey="label" tick={tick} tickLine={false} interval="preserveStartEnd" />
        <YAxis
          tick={tick}
          tickLine={false}
          axisLine={false}
          width={40}
          allowDecimals={false}
          tickFormatter={formatCount}
          domain={['auto', 'auto']}
        />
        <Tooltip {...tooltipStyle} />
        <Area
          dataKey="count"
          name="Followers"
          stroke={COLOURS.followers}
          fill={COLOURS.followers}
          fillOpacity={0.15}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </AreaChart>
    </ChartFrame>
  );
}
