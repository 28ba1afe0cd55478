import type { CandidateReason } from './candidate';
import { REASONS } from './reasons';

describe('REASONS', () => {
  it.each([
    [1, 'Followed by @grace you follow'],
    [2, 'Followed by @grace and 1 other you follow'],
    [3, 'Followed by @grace and 2 others you follow'],
    [120, 'Followed by @grace and 119 others you follow'],
  ])('followedBy %p people reads "%s"', (count, text) => {
    expect(REASONS.followedBy('grace', count)).toEqual({
      feature: 'graph',
      category: 'network',
      text,
    });
  });

  it.each([
    [1, 'Liked by @grace you follow'],
    [2, 'Liked by @grace and 1 other you follow'],
    [3, 'Liked by @grace and 2 others you follow'],
  ])('likedBy %p people reads "%s"', (count, text) => {
    expect(REASONS.likedBy('grace', count)).toEqual({
      feature: 'social',
      category: 'network',
      text,
    });
  });

  it.each([
    [1, '@grace you follow is a member'],
    [2, '@grace and 1 other you follow are members'],
    [3, '@grace and 2 others you follow are members'],
  ])('membersYouFollow %p people reads "%s"', (count, text) => {
    expect(REASONS.membersYouFollow('grace', count)).toEqual({
      feature: 'social',
      category: 'network',
      text,
    });
  });

  it.each<[string, CandidateReason, CandidateReason]>([
    [
      'alsoJoined',
      REASONS.alsoJoined('Compiler Enthusiasts'),
      {
        feature: 'coEngagement',
        category: 'similar',
        text: 'Members of Compiler Enthusiasts also joined this',
      },
    ],
    [
      'postsAbout',
      REASONS.postsAbout('ai'),
      { feature: 'topic', category: 'topics', text: 'Posts about #ai' },
    ],
    [
      'popularIn',
      REASONS.popularIn('ai'),
      { feature: 'topic', category: 'topics', text: 'Popular in #ai this week' },
    ],
    [
      'about',
      REASONS.about('ai'),
      { feature: 'topic', category: 'topics', text: 'About #ai, a topic you engage with' },
    ],
    [
      'searched',
      REASONS.searched(),
      { feature: 'searched', category: 'similar', text: 'You looked for them in search' },
    ],
    [
      'searchedAuthor',
      REASONS.searchedAuthor('grace'),
      {
        feature: 'searched',
        category: 'similar',
        text: 'From @grace, whom you looked for in search',
      },
    ],
    [
      'popularPerson',
      REASONS.popularPerson(),
      { feature: 'popularity', category: 'popular', text: 'Popular on Wave' },
    ],
    [
      'popularPost',
      REASONS.popularPost(),
      { feature: 'popularity', category: 'popular', text: 'Popular on Wave now' },
    ],
    [
      'popularCommunity',
      REASONS.popularCommunity(),
      { feature: 'popularity', category: 'popular', text: 'A popular community on Wave' },
    ],
  ])('%s gives its text, category and feature', (_, sut, expected) => {
    expect(sut).toEqual(expected);
  });
});
