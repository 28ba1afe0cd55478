import type { CandidateReason } from './candidate';

/** "@grace", "@grace and 1 other", "@grace and 2 others". */
const andOthers = (name: string, count: number): string =>
  count <= 1 ? `@${name}` : `@${name} and ${count - 1} ${count === 2 ? 'other' : 'others'}`;

/** Why a candidate is suggested, in words a member understands. */
export const REASONS = {
  followedBy: (name: string, count: number): CandidateReason => ({
    feature: 'graph',
    category: 'network',
    text: `Followed by ${andOthers(name, count)} you follow`,
  }),
  likedBy: (name: string, count: number): CandidateReason => ({
    feature: 'social',
    category: 'network',
    text: `Liked by ${andOthers(name, count)} you follow`,
  }),
  membersYouFollow: (name: string, count: number): CandidateReason => ({
    feature: 'social',
    category: 'network',
    text: `${andOthers(name, count)} you follow ${count === 1 ? 'is a member' : 'are members'}`,
  }),
  alsoJoined: (community: string): CandidateReason => ({
    feature: 'coEngagement',
    category: 'similar',
    text: `Members of ${community} also joined this`,
  }),
  likedAlsoLiked: (): CandidateReason => ({
    feature: 'coEngagement',
    category: 'similar',
    text: 'Liked by people who like what you like',
  }),
  postsAbout: (tag: string): CandidateReason => ({
    feature: 'topic',
    category: 'topics',
    text: `Posts about #${tag}`,
  }),
  popularIn: (tag: string): CandidateReason => ({
    feature: 'topic',
    category: 'topics',
    text: `Popular in #${tag} this week`,
  }),
  about: (tag: string): CandidateReason => ({
    feature: 'topic',
    category: 'topics',
    text: `About #${tag}, a topic you engage with`,
  }),
  similarProfile: (): CandidateReason => ({
    feature: 'content',
    category: 'similar',
    text: 'Their profile matches your interests',
  }),
  similarText: (): CandidateReason => ({
    feature: 'content',
    category: 'similar',
    text: 'Matches your interests',
  }),
  searched: (): CandidateReason => ({
    feature: 'searched',
    category: 'similar',
    text: 'You looked for them in search',
  }),
  searchedAuthor: (name: string): CandidateReason => ({
    feature: 'searched',
    category: 'similar',
    text: `From @${name}, whom you looked for in search`,
  }),
  popularPerson: (): CandidateReason => ({
    feature: 'popularity',
    category: 'popular',
    text: 'Popular on Wave',
  }),
  popularPost: (): CandidateReason => ({
    feature: 'popularity',
    category: 'popular',
    text: 'Popular on Wave now',
  }),
  popularCommunity: (): CandidateReason => ({
    feature: 'popularity',
    category: 'popular',
    text: 'A popular community on Wave',
  }),
} as const;
