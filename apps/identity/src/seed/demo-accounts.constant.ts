/** Demo accounts that `npm start` creates; all share DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'wave-demo-2026';

export const DEMO_ACCOUNTS = [
  { username: 'ada', displayName: 'Ada Lovelace', bio: 'Poetical science. First program, 1843.' },
  {
    username: 'grace',
    displayName: 'Grace Hopper',
    bio: 'It is easier to ask forgiveness than it is to get permission.',
  },
  { username: 'alan', displayName: 'Alan Turing', bio: 'We can only see a short distance ahead.' },
  {
    username: 'margaret',
    displayName: 'Margaret Hamilton',
    bio: 'Software engineering, Apollo era.',
  },
  { username: 'linus', displayName: 'Linus Torvalds', bio: 'Talk is cheap. Show me the code.' },
  {
    username: 'katherine',
    displayName: 'Katherine Johnson',
    bio: 'Orbital mechanics and a love of numbers.',
  },
] as const;

/** Who follows whom among the demo accounts. */
export const DEMO_FOLLOWS: readonly (readonly [string, string])[] = [
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

export const demoEmail = (username: string): string => `${username}@demo.wave.local`;
