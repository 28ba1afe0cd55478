import * as Tabs from '@radix-ui/react-tabs';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth/api/current-user';
import { MESSAGES } from '../messages';
import { ContentAnalysisPanel } from './content-analysis-panel';
import { OptimizationPanel } from './optimization-panel';
import { RecommendationsPanel } from './recommendations-panel';
import { SeoAnalyticsPanel } from './seo-analytics-panel';

const TABS = [
  { value: 'analytics', label: 'Analytics' },
  { value: 'content', label: 'Content Analysis' },
  { value: 'optimization', label: 'Optimization' },
  { value: 'recommendations', label: 'Recommendations' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string): value is Tab => TABS.some((tab) => tab.value === value);

function AccessDenied() {
  return (
    <div className="grid justify-items-center gap-4 px-6 py-16 text-center">
      <p className="text-muted-foreground">
        <strong className="font-semibold text-foreground">{MESSAGES.accessDeniedTitle}</strong>
        {` - ${MESSAGES.accessDeniedText}`}
      </p>
      <Link to={paths.auth.getHref()} className={buttonVariants()}>
        Log in
      </Link>
    </div>
  );
}

/**
 * The SEO dashboard (/seo-dashboard): the 'Auto-SEO Active' badge and four tabs: Analytics
 * (the member's analysed pages, every 30 s), Content Analysis, Optimization and
 * Recommendations (every 60 s). Without sign-in: the spec's 'Access Denied' text.
 */
export default function SeoDashboardPage() {
  const { status } = useAuth();
  const [tab, setTab] = useState<Tab>('analytics');
  return (
    <div>
      <title>SEO Dashboard · Wave</title>
      <header className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-border bg-background/85 px-4 py-3 backdrop-blur">
        <h1 className="text-xl font-bold">SEO Dashboard</h1>
        {status === 'authenticated' ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/10 px-2.5 py-1 text-xs font-semibold text-emerald-700 dark:text-emerald-400">
            <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
            {MESSAGES.autoSeoActive}
          </span>
        ) : null}
      </header>
      {status === 'authenticated' ? (
        <Tabs.Root
          value={tab}
          onValueChange={(value) => {
            if (isTab(value)) setTab(value);
          }}
        >
          <Tabs.List
            aria-label="SEO dashboard"
            className="grid grid-cols-2 border-b border-border sm:grid-cols-4"
          >
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
          <Tabs.Content value="analytics">
            <SeoAnalyticsPanel />
          </Tabs.Content>
          {/* The forms stay mounted (hidden), so what was typed survives a look at another tab. */}
          <Tabs.Content value="content" forceMount hidden={tab !== 'content'}>
            <ContentAnalysisPanel />
          </Tabs.Content>
          <Tabs.Content value="optimization" forceMount hidden={tab !== 'optimization'}>
            <OptimizationPanel />
          </Tabs.Content>
          <Tabs.Content value="recommendations">
            <RecommendationsPanel />
          </Tabs.Content>
        </Tabs.Root>
      ) : status === 'unauthenticated' ? (
        <AccessDenied />
      ) : null}
    </div>
  );
}
