import * as Tabs from '@radix-ui/react-tabs';
import type { AnalyticsRange } from '@wave/contracts';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth/api/current-user';
import { isEmptyAnalytics, readerTimeZone } from '../analytics-format';
import { DEFAULT_ANALYTICS_RANGE, rangeLabel } from '../analytics-limits';
import { useUserAnalytics } from '../api/get-user-analytics';
import { MESSAGES } from '../messages';
import { AudiencePanel } from './audience-panel';
import { MetricCards } from './metric-cards';
import { RangeSelect } from './range-select';
import { TopPostsPanel } from './top-posts-panel';
import { TrendsPanel } from './trends-panel';

const TABS = [
  { value: 'top-posts', label: 'Top Posts' },
  { value: 'trends', label: 'Trends' },
  { value: 'audience', label: 'Audience' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string): value is Tab => TABS.some((tab) => tab.value === value);

function AnalyticsSkeleton() {
  return (
    <div role="status" aria-label="Loading analytics" className="grid gap-4 p-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-10" />
      <Skeleton className="h-48" />
    </div>
  );
}

function Dashboard({ userId, range }: { userId: string; range: AnalyticsRange }) {
  const [timeZone] = useState(readerTimeZone);
  const [tab, setTab] = useState<Tab>('top-posts');
  const query = useUserAnalytics(userId, range, timeZone);

  if (query.isPending) return <AnalyticsSkeleton />;
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 px-6 py-12 text-center">
        <p className="font-semibold">{MESSAGES.loadFailed}</p>
        <p className="text-sm break-words text-muted-foreground">{query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const data = query.data;
  // The range's answer still loading: the last one stays, marked busy.
  const updating = query.isPlaceholderData;
  return (
    <div aria-busy={updating}>
      {updating ? (
        <p role="status" className="px-4 pt-3 text-xs text-muted-foreground">
          Updating...
        </p>
      ) : null}
      {isEmptyAnalytics(data) ? (
        <p className="px-6 py-16 text-center text-muted-foreground">
          <strong className="font-semibold text-foreground">{MESSAGES.emptyTitle}</strong>
          {` - ${MESSAGES.emptyHint}`}
        </p>
      ) : (
        <>
          <MetricCards overview={data.overview} range={range} />
          <Tabs.Root
            value={tab}
            onValueChange={(value) => {
              if (isTab(value)) setTab(value);
            }}
          >
            <Tabs.List aria-label="Analytics" className="grid grid-cols-3 border-b border-border">
              {TABS.map((item) => (
                <Tabs.Trigger
                  key={item.value}
                  value={item.value}
                  className="border-b-2 border-transparent px-2 py-3 text-sm font-semibold text-muted-foreground hover:bg-muted/50 data-[state=active]:border-primary data-[state=active]:text-foreground"
                >
                  {item.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="top-posts">
              <TopPostsPanel posts={data.topPosts} />
            </Tabs.Content>
            <Tabs.Content value="trends">
              <TrendsPanel data={data} />
            </Tabs.Content>
            <Tabs.Content value="audience">
              <AudiencePanel data={data} />
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </div>
  );
}

/**
 * Personal analytics (/analytics, members only: a visitor is sent to /auth): the range
 * selector, the four metric cards with their growth, and the Top Posts, Trends and Audience
 * tabs; read again every 5 minutes.
 */
export default function AnalyticsPage() {
  const { user, status } = useAuth();
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);

  if (status === 'unauthenticated') return <Navigate to={paths.auth.getHref()} replace />;
  return (
    <div>
      <title>Analytics · Wave</title>
      <header className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-border bg-background/85 px-4 py-3 backdrop-blur">
        <div className="min-w-0">
          <h1 className="text-xl font-bold">Analytics</h1>
          <p className="truncate text-xs text-muted-foreground">Last {rangeLabel(range)}</p>
        </div>
        <RangeSelect value={range} onChange={setRange} />
      </header>
      {user ? <Dashboard userId={user.id} range={range} /> : null}
    </div>
  );
}
