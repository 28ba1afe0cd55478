/**
 * The trending lists shown until there are live trends (GET /api/trends is
 * empty, or failed): the right sidebar's sample and Explore's fixed list of 5
 * hashtags (spec part 1, sections 2 and 9).
 */

/** A trend as the sidebar shows it (spec part 1, section 3: name, category, tweets). */
export interface TrendItem {
  name: string;
  category: string | null;
  tweets: string;
}

export const SAMPLE_TRENDS: readonly TrendItem[] = [
  { name: '#TypeScript', category: 'Technology', tweets: '12.4K posts' },
  { name: '#OpenSource', category: 'Technology', tweets: '8,921 posts' },
  { name: '#Photography', category: null, tweets: '5,302 posts' },
  { name: '#Climbing', category: 'Sports', tweets: '2,118 posts' },
  { name: '#Books', category: 'Reading', tweets: '1,877 posts' },
];

/** Explore's trending topics: a fixed list of 5 hashtags. */
export const TRENDING_TOPICS: readonly TrendItem[] = [
  { name: '#TypeScript', category: null, tweets: '12.4K posts' },
  { name: '#OpenSource', category: null, tweets: '8,921 posts' },
  { name: '#Photography', category: null, tweets: '5,302 posts' },
  { name: '#ClimateAction', category: null, tweets: '3,847 posts' },
  { name: '#IndieGames', category: null, tweets: '2,118 posts' },
];
