import type { UserAnalyticsResponse } from '@wave/contracts';
import { formatCount } from '../../../lib/format-count';
import { dayLabel, peakHours, recentDailyStats } from '../analytics-format';
import { DAILY_STATS_SHOWN, PEAK_HOURS_SHOWN } from '../analytics-limits';
import { DailyStatsChart } from './analytics-charts';
import { PanelMessage } from './panel-message';
import { PanelSection } from './panel-section';

/** The last 7 days: the chart, then the numbers. */
function DailyStats({ data }: { data: UserAnalyticsResponse }) {
  const days = recentDailyStats(data);
  if (days.length === 0) return <PanelMessage>No daily stats yet.</PanelMessage>;
  return (
    <>
      <DailyStatsChart days={days} />
      <table className="mt-3 w-full text-sm tabular-nums">
        <caption className="sr-only">Daily stats, last {DAILY_STATS_SHOWN} days</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 text-left font-semibold">
              Day
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Views
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Likes
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Replies
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row" className="py-1.5 text-left font-normal">
                <time dateTime={day.date}>{dayLabel(day.date)}</time>
              </th>
              <td className="py-1.5 text-right">{formatCount(day.views)}</td>
              <td className="py-1.5 text-right">{formatCount(day.likes)}</td>
              <td className="py-1.5 text-right">{formatCount(day.replies)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The top 5 hours of engagement, each bar relative to the busiest (12-hour labels). */
function PeakHours({ data }: { data: UserAnalyticsResponse }) {
  const hours = peakHours(data.demographics.engagementByHour);
  if (hours.length === 0) return <PanelMessage>No engagement yet.</PanelMessage>;
  return (
    <ol aria-label={`Top ${PEAK_HOURS_SHOWN} engagement hours`} className="grid gap-2">
      {hours.map((hour) => (
        <li key={hour.hour} className="grid grid-cols-[4rem_1fr_auto] items-center gap-3 text-sm">
          <span className="font-semibold">{hour.label}</span>
          <span className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <span
              className="block h-full rounded-full bg-primary"
              style={{ width: `${hour.percentOfMax}%` }}
            />
          </span>
          <span className="text-right tabular-nums text-muted-foreground">
            {formatCount(hour.engagement)}
            <span className="sr-only"> engagements</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Trends: the last 7 daily stats and the peak engagement hours. */
export function TrendsPanel({ data }: { data: UserAnalyticsResponse }) {
  return (
    <div className="grid gap-6 p-4">
      <PanelSection title="Daily stats" note={`Last ${DAILY_STATS_SHOWN} days`}>
        <DailyStats data={data} />
      </PanelSection>
      <PanelSection title="Peak engagement hours" note="In your time zone">
        <PeakHours data={data} />
      </PanelSection>
    </div>
  );
}
