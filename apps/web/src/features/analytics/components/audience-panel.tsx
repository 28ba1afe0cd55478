import type { UserAnalyticsResponse } from '@wave/contracts';
import { Hash } from 'lucide-react';
import { formatCount } from '../../../lib/format-count';
import { dayLabel, recentFollowerGrowth } from '../analytics-format';
import { FOLLOWER_POINTS_SHOWN } from '../analytics-limits';
import { FollowerGrowthChart } from './analytics-charts';
import { PanelMessage } from './panel-message';
import { PanelSection } from './panel-section';

const usesLabel = (count: number) => (count === 1 ? '1 use' : `${formatCount(count)} uses`);

/** Popular hashtags of the member's posts, with their uses. */
function PopularHashtags({ data }: { data: UserAnalyticsResponse }) {
  const hashtags = data.demographics.topHashtags;
  if (hashtags.length === 0) return <PanelMessage>No hashtags in your posts yet.</PanelMessage>;
  return (
    <ul aria-label="Popular hashtags" className="divide-y divide-border">
      {hashtags.map(({ tag, count }) => (
        <li key={tag} className="flex items-center justify-between gap-3 py-2 text-sm">
          <span className="flex min-w-0 items-center gap-1.5 font-semibold">
            <Hash className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">
              <span className="sr-only">#</span>
              {tag}
            </span>
          </span>
          <span className="shrink-0 tabular-nums text-muted-foreground">{usesLabel(count)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The last 7 follower growth points: the chart, then the numbers. */
function FollowerGrowth({ data }: { data: UserAnalyticsResponse }) {
  const points = recentFollowerGrowth(data);
  if (points.length === 0) return <PanelMessage>No followers yet.</PanelMessage>;
  return (
    <>
      <FollowerGrowthChart points={points} />
      <table className="mt-3 w-full text-sm tabular-nums">
        <caption className="sr-only">Followers, last {FOLLOWER_POINTS_SHOWN} days</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 text-left font-semibold">
              Day
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Followers
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {points.map((point) => (
            <tr key={point.date}>
              <th scope="row" className="py-1.5 text-left font-normal">
                <time dateTime={point.date}>{dayLabel(point.date)}</time>
              </th>
              <td className="py-1.5 text-right">{formatCount(point.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Audience: popular hashtags and follower growth. */
export function AudiencePanel({ data }: { data: UserAnalyticsResponse }) {
  return (
    <div className="grid gap-6 p-4">
      <PanelSection title="Popular hashtags">
        <PopularHashtags data={data} />
      </PanelSection>
      <PanelSection title="Follower growth" note={`Last ${FOLLOWER_POINTS_SHOWN} days`}>
        <FollowerGrowth data={data} />
      </PanelSection>
    </div>
  );
}
