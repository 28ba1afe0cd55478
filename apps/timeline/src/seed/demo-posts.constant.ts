/** Posts the demo accounts (created by identity's seed) write on `npm start`. */
export const DEMO_POSTS: readonly { username: string; content: string }[] = [
  {
    username: 'ada',
    content:
      'The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves. #computing',
  },
  {
    username: 'grace',
    content:
      'The most dangerous phrase in the language is "we have always done it this way." #engineering',
  },
  {
    username: 'alan',
    content:
      'We can only see a short distance ahead, but we can see plenty there that needs to be done. #ai',
  },
  {
    username: 'margaret',
    content:
      'There was no choice but to be pioneers. Software engineering deserves the same respect as any other discipline. #engineering',
  },
  {
    username: 'linus',
    content: 'Release early, release often. And read the diff before you send it. #opensource',
  },
  {
    username: 'katherine',
    content:
      'Like what you do, and then you will do your best. Checked the trajectory twice today. #math',
  },
  {
    username: 'ada',
    content:
      'Imagination is the discovering faculty, pre-eminently. @grace what are you debugging today?',
  },
  {
    username: 'grace',
    content: '@ada A moth in relay 70, panel F. First actual case of a bug being found. #debugging',
  },
];

/** Likes and retweets among the demo posts: [who, index of the post in DEMO_POSTS]. */
export const DEMO_LIKES: readonly (readonly [string, number])[] = [
  ['grace', 0],
  ['alan', 0],
  ['ada', 1],
  ['margaret', 1],
  ['katherine', 3],
  ['linus', 2],
];
export const DEMO_RETWEETS: readonly (readonly [string, number])[] = [
  ['alan', 1],
  ['margaret', 5],
];
