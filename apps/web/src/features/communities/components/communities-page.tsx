import * as Tabs from '@radix-ui/react-tabs';
import { Plus, Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useCommunities } from '../api/get-communities';
import { useMyCommunities } from '../api/get-my-communities';
import { TRENDING_COUNT } from '../api/community-keys';
import type { CategoryFilter } from '../community-limits';
import { ALL_CATEGORIES, categoryParam, COMMUNITY_SEARCH_MAX_LENGTH } from '../community-limits';
import { MESSAGES } from '../messages';
import { CategoryChips } from './category-chips';
import { CommunityList } from './community-list';
import { CreateCommunityDialog } from './create-community-dialog';

/** The search waits for typing to pause this long before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const TABS = [
  { value: 'discover', label: 'Discover' },
  { value: 'mine', label: 'My Communities' },
  { value: 'trending', label: 'Trending' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const isTab = (value: string): value is Tab => TABS.some((tab) => tab.value === value);

function DiscoverPanel({
  category,
  onCategoryChange,
  search,
  onSearchChange,
}: {
  category: CategoryFilter;
  onCategoryChange: (category: CategoryFilter) => void;
  search: string;
  onSearchChange: (search: string) => void;
}) {
  const searchId = useId();
  const settledSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useCommunities({ category: categoryParam(category), search: settledSearch });
  return (
    <>
      <div className="grid gap-3 border-b border-border p-4">
        <label htmlFor={searchId} className="sr-only">
          Search communities
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            maxLength={COMMUNITY_SEARCH_MAX_LENGTH}
            placeholder="Search communities"
            className="rounded-full pl-9 pr-10"
            onChange={(event) => onSearchChange(event.target.value)}
          />
          {search ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label="Clear search"
              className="absolute right-1 top-1/2 h-8 w-8 -translate-y-1/2"
              onClick={() => onSearchChange('')}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          ) : null}
        </div>
        <CategoryChips value={category} onChange={onCategoryChange} />
      </div>
      <CommunityList
        query={query}
        label="Communities"
        emptyTitle={MESSAGES.noCommunities}
        emptyHint={MESSAGES.noCommunitiesHint}
      />
    </>
  );
}

function MyCommunitiesPanel() {
  const query = useMyCommunities();
  return (
    <CommunityList
      query={query}
      label="My communities"
      emptyTitle={MESSAGES.noMyCommunities}
      emptyHint={MESSAGES.noMyCommunitiesHint}
    />
  );
}

/** Trending: the first 5 communities of the Discover list, which comes most members first. */
function TrendingPanel() {
  const query = useCommunities({ category: null, search: '' });
  return (
    <CommunityList
      query={query}
      label="Trending communities"
      emptyTitle={MESSAGES.noCommunities}
      limit={TRENDING_COUNT}
    />
  );
}

/**
 * The communities screen (/communities): Discover (category chips and a
 * search), My Communities and Trending, each community with Join or Leave;
 * and "Create community".
 */
export default function CommunitiesPage() {
  const [tab, setTab] = useState<Tab>('discover');
  const [category, setCategory] = useState<CategoryFilter>(ALL_CATEGORIES);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);

  return (
    <div>
      <title>Communities · Wave</title>
      <header className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-border bg-background/85 px-4 py-3 backdrop-blur">
        <div className="min-w-0">
          <h1 className="text-xl font-bold">Communities</h1>
          <p className="truncate text-xs text-muted-foreground">
            Find people who share your interests.
          </p>
        </div>
        <Button size="sm" aria-label="Create community" onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Create community</span>
          <span className="sm:hidden">Create</span>
        </Button>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          if (isTab(value)) setTab(value);
        }}
      >
        <Tabs.List aria-label="Communities" className="grid grid-cols-3 border-b border-border">
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
        <Tabs.Content value="discover">
          <DiscoverPanel
            category={category}
            onCategoryChange={setCategory}
            search={search}
            onSearchChange={setSearch}
          />
        </Tabs.Content>
        <Tabs.Content value="mine">
          <MyCommunitiesPanel />
        </Tabs.Content>
        <Tabs.Content value="trending">
          <TrendingPanel />
        </Tabs.Content>
      </Tabs.Root>
      <CreateCommunityDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
