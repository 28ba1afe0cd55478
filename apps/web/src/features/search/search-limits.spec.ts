import * as contracts from '@wave/contracts';
import { searchParamsString } from './api/get-search-results';
import { liveTrends } from './api/get-trends';
import {
  DATE_RANGE_LABELS,
  isSearchDateRange,
  isSearchType,
  isSearchVerifiedFilter,
  SEARCH_TYPE_LABELS,
  VERIFIED_FILTER_LABELS,
} from './search-filters';
import { postCountLabel, postPreview } from './search-format';
import {
  POST_PREVIEW_LENGTH,
  SEARCH_DATE_RANGES,
  SEARCH_DEBOUNCE_MS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_RESULT_TYPES,
  SEARCH_TYPES,
  SEARCH_VERIFIED_FILTERS,
  TRENDS_DEFAULT_LIMIT,
} from './search-limits';

describe('search limits', () => {
  it('mirror the contract', () => {
    expect(SEARCH_TYPES).toEqual(contracts.SEARCH_TYPES);
    expect(SEARCH_DATE_RANGES).toEqual(contracts.SEARCH_DATE_RANGES);
    expect(SEARCH_VERIFIED_FILTERS).toEqual(contracts.SEARCH_VERIFIED_FILTERS);
    expect(SEARCH_RESULT_TYPES).toEqual(contracts.SEARCH_RESULT_TYPES);
    expect(SEARCH_QUERY_MAX_LENGTH).toBe(contracts.SEARCH_QUERY_MAX_LENGTH);
    expect(SEARCH_DEFAULT_LIMIT).toBe(contracts.SEARCH_DEFAULT_LIMIT);
    expect(SEARCH_DEFAULT_LIMIT).toBeLessThanOrEqual(contracts.SEARCH_MAX_LIMIT);
    expect(TRENDS_DEFAULT_LIMIT).toBe(contracts.TRENDS_DEFAULT_LIMIT);
    expect(TRENDS_DEFAULT_LIMIT).toBeLessThanOrEqual(contracts.TRENDS_MAX_LIMIT);
  });

  it('are the spec’s: 300 ms debounce, 60-character previews', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(POST_PREVIEW_LENGTH).toBe(60);
  });

  it('send every filter as the contract reads it', () => {
    const sent = searchParamsString({
      q: '#wave & more',
      type: 'users',
      dateRange: 'week',
      verified: 'verified',
      limit: SEARCH_DEFAULT_LIMIT,
    });
    expect(sent).toBe('q=%23wave+%26+more&type=users&dateRange=week&verified=verified&limit=20');
    const parsed = contracts.searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(sent)));
    expect(parsed).toEqual({
      q: '#wave & more',
      type: 'users',
      dateRange: 'week',
      verified: 'verified',
      limit: 20,
    });
  });

  it('label every filter choice, All Time for every date', () => {
    expect(SEARCH_TYPES.map((type) => SEARCH_TYPE_LABELS[type])).toEqual([
      'All',
      'Posts',
      'Users',
      'Hashtags',
    ]);
    expect(SEARCH_DATE_RANGES.map((range) => DATE_RANGE_LABELS[range])).toEqual([
      'All Time',
      'Today',
      'This Week',
      'This Month',
    ]);
    expect(SEARCH_VERIFIED_FILTERS.map((value) => VERIFIED_FILTER_LABELS[value])).toEqual([
      'All Users',
      'Verified Only',
    ]);
    expect(isSearchType('hashtags')).toBe(true);
    expect(isSearchType('people')).toBe(false);
    expect(isSearchDateRange('month')).toBe(true);
    expect(isSearchDateRange('year')).toBe(false);
    expect(isSearchVerifiedFilter('verified')).toBe(true);
    expect(isSearchVerifiedFilter('unverified')).toBe(false);
  });
});

describe('search format', () => {
  it('previews a post with its first 60 characters, and ... only when longer', () => {
    const sixty = 'a'.repeat(60);
    expect(postPreview(sixty)).toBe(sixty);
    expect(postPreview(`${sixty}b`)).toBe(`${sixty}...`);
    expect(postPreview('short')).toBe('short');
    expect(postPreview(`${'🌊'.repeat(61)}`)).toBe(`${'🌊'.repeat(60)}...`);
  });

  it('counts posts with K and M', () => {
    expect(postCountLabel(1)).toBe('1 post');
    expect(postCountLabel(12)).toBe('12 posts');
    expect(postCountLabel(1200)).toBe('1.2K posts');
    expect(postCountLabel(1_500_000)).toBe('1.5M posts');
  });

  it('shows live trends only when there are some', () => {
    expect(liveTrends(undefined)).toBeNull();
    expect(liveTrends([])).toBeNull();
    expect(liveTrends([{ name: '#wave', tag: 'wave', count: 3 }])).toHaveLength(1);
  });
});
