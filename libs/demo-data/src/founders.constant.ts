/** Every demo member signs in with this password (with `<username>@demo.wave.local`). */
export const DEMO_PASSWORD = 'wave-demo-2026';

export const demoEmail = (username: string): string => `${username}@demo.wave.local`;

/**
 * The six accounts the README and the tests name: the community's founders,
 * its first and best-followed members.
 */
export const DEMO_ACCOUNTS = [
  {
    username: 'ada',
    displayName: 'Ada Lovelace',
    bio: 'Poetical science. First program, 1843.',
    topics: ['programming', 'math', 'music'],
  },
  {
    username: 'grace',
    displayName: 'Grace Hopper',
    bio: 'It is easier to ask forgiveness than it is to get permission.',
    topics: ['programming', 'opensource', 'books'],
  },
  {
    username: 'alan',
    displayName: 'Alan Turing',
    bio: 'We can only see a short distance ahead.',
    topics: ['ai', 'math', 'fitness'],
  },
  {
    username: 'margaret',
    displayName: 'Margaret Hamilton',
    bio: 'Software engineering, Apollo era.',
    topics: ['space', 'programming', 'cooking'],
  },
  {
    username: 'linus',
    displayName: 'Linus Torvalds',
    bio: 'Talk is cheap. Show me the code.',
    topics: ['opensource', 'programming', 'travel'],
  },
  {
    username: 'katherine',
    displayName: 'Katherine Johnson',
    bio: 'Orbital mechanics and a love of numbers.',
    topics: ['space', 'math', 'gaming'],
  },
] as const;

export type FounderUsername = (typeof DEMO_ACCOUNTS)[number]['username'];

/** Who follows whom among the founders (they all know each other's work). */
export const FOUNDER_FOLLOWS: readonly (readonly [FounderUsername, FounderUsername])[] = [
  ['ada', 'grace'],
  ['ada', 'alan'],
  ['grace', 'ada'],
  ['grace', 'margaret'],
  ['alan', 'ada'],
  ['margaret', 'grace'],
  ['margaret', 'katherine'],
  ['linus', 'ada'],
  ['katherine', 'margaret'],
  ['katherine', 'grace'],
];

/** The founders' own words, posted among the generated posts. */
export const FOUNDER_POSTS: readonly { username: FounderUsername; content: string }[] = [
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
