import type { CommunityCategory } from '@wave/contracts';
import type { FounderUsername } from './founders.constant';
import type { DemoTopicName } from './topics.constant';

/**
 * A community of the demo catalogue, as the founders started it: its owner,
 * its first members and first posts. The generator adds the members who share
 * its topic, and their posts, comments and likes.
 */
export interface DemoCommunityFounding {
  owner: FounderUsername;
  name: string;
  topic: DemoTopicName;
  description: string;
  category: CommunityCategory;
  isPrivate?: boolean;
  rules: string[];
  members: FounderUsername[];
  posts: { username: FounderUsername; content: string }[];
}

const BE_KIND = 'Be kind: criticise ideas, not people.';
const NO_SPAM = 'No spam or self-promotion without context.';

/** The demo catalogue: every category has at least one, and one is private. */
export const DEMO_COMMUNITY_CATALOGUE: readonly DemoCommunityFounding[] = [
  {
    owner: 'linus',
    name: 'Open Source Maintainers',
    topic: 'opensource',
    description:
      'Reviewing patches, triaging issues and keeping projects healthy for the long run.',
    category: 'Technology',
    rules: [BE_KIND, 'Link the issue or patch you are talking about.', NO_SPAM],
    members: ['ada', 'grace', 'alan', 'margaret'],
    posts: [
      {
        username: 'linus',
        content: 'Small patches get reviewed. Huge patches get postponed. Split your work.',
      },
      {
        username: 'margaret',
        content: 'Tip: write the rollback plan before you merge, not after.',
      },
    ],
  },
  {
    owner: 'grace',
    name: 'Compiler Enthusiasts',
    topic: 'programming',
    description: 'Parsers, optimisers, code generation and the joy of a good error message.',
    category: 'Technology',
    rules: [BE_KIND, 'Share benchmarks with the setup you measured on.'],
    members: ['ada', 'alan', 'linus'],
    posts: [
      {
        username: 'grace',
        content: 'A good compiler error tells you what to do next, not just what went wrong.',
      },
    ],
  },
  {
    owner: 'alan',
    name: 'Retro Game Preservation',
    topic: 'gaming',
    description: 'Dumping cartridges, documenting hardware and keeping classic games playable.',
    category: 'Gaming',
    rules: [BE_KIND, 'No links to pirated copies.'],
    members: ['katherine', 'linus'],
    posts: [
      {
        username: 'alan',
        content: 'Finished documenting the memory map of an 8-bit console today.',
      },
    ],
  },
  {
    owner: 'katherine',
    name: 'Board Game Night',
    topic: 'gaming',
    description:
      'Strategy, co-op and party games: recommendations, house rules and session reports.',
    category: 'Gaming',
    rules: [BE_KIND, 'Mark spoilers for legacy campaigns.'],
    members: ['ada', 'grace'],
    posts: [],
  },
  {
    owner: 'ada',
    name: 'Generative Art Studio',
    topic: 'design',
    description: 'Art made with code: plotters, shaders, looms and everything in between.',
    category: 'Art & Design',
    rules: [BE_KIND, 'Credit the tools and the artists you build on.'],
    members: ['margaret', 'alan'],
    posts: [
      {
        username: 'ada',
        content: 'Patterns from a loom and patterns from a program are closer than they look.',
      },
    ],
  },
  {
    owner: 'margaret',
    name: 'Typography Corner',
    topic: 'design',
    description: 'Typefaces, layout and the small details that make text a pleasure to read.',
    category: 'Art & Design',
    rules: [BE_KIND],
    members: ['grace'],
    posts: [],
  },
  {
    owner: 'ada',
    name: 'Algorithmic Composition',
    topic: 'music',
    description: 'Music written with the help of rules, randomness and machines.',
    category: 'Music',
    rules: [BE_KIND, 'Share a recording when you can.'],
    members: ['alan', 'katherine'],
    posts: [
      {
        username: 'ada',
        content: 'Could an engine compose elaborate pieces of music of any complexity? I think so.',
      },
    ],
  },
  {
    owner: 'katherine',
    name: 'Trail Runners',
    topic: 'fitness',
    description: 'Routes, training plans, gear and race reports from the trails.',
    category: 'Sports',
    rules: [BE_KIND, 'Safety first: share conditions honestly.'],
    members: ['margaret', 'linus'],
    posts: [
      {
        username: 'katherine',
        content: 'Twenty kilometres of hills this morning. Pacing is all arithmetic.',
      },
    ],
  },
  {
    owner: 'katherine',
    name: 'Orbital Mechanics',
    topic: 'space',
    description: 'Trajectories, launch windows and the mathematics of getting there and back.',
    category: 'Science',
    rules: [BE_KIND, 'Show your working.', 'Cite sources for claims.'],
    members: ['ada', 'alan', 'margaret', 'grace'],
    posts: [
      {
        username: 'katherine',
        content: 'Checked a re-entry trajectory by hand today. The numbers still agree.',
      },
      {
        username: 'alan',
        content:
          'Morphogenesis and orbits have more in common than you would think: both are equations you can watch.',
      },
    ],
  },
  {
    owner: 'alan',
    name: 'Mathematical Biology',
    topic: 'science',
    description: 'Patterns in nature, from zebra stripes to population models.',
    category: 'Science',
    isPrivate: true,
    rules: [BE_KIND, 'Drafts shared here stay here until their authors publish them.'],
    members: ['ada'],
    posts: [
      { username: 'alan', content: 'Draft: reaction and diffusion explain spots and stripes.' },
    ],
  },
  {
    owner: 'grace',
    name: 'Science Fiction Book Club',
    topic: 'books',
    description: 'One book a month, discussed chapter by chapter.',
    category: 'Books',
    rules: [BE_KIND, 'Spoilers only in the thread for the chapter.'],
    members: ['alan', 'linus', 'katherine'],
    posts: [
      {
        username: 'grace',
        content:
          "This month's pick is about a ship's computer that learns to doubt. Thoughts by Friday!",
      },
    ],
  },
  {
    owner: 'margaret',
    name: 'Sourdough Lab',
    topic: 'cooking',
    description: 'Starters, hydration, crumb shots and the science of bread.',
    category: 'Cooking',
    rules: [BE_KIND, 'Post your recipe with the photo.'],
    members: ['ada', 'katherine'],
    posts: [{ username: 'margaret', content: '78% hydration, 4 hour bulk, best crumb yet.' }],
  },
  {
    owner: 'linus',
    name: 'Nordic Travel',
    topic: 'travel',
    description: 'Tips for travelling in Finland, Sweden, Norway, Denmark and Iceland.',
    category: 'Travel',
    rules: [BE_KIND, NO_SPAM],
    members: ['grace'],
    posts: [{ username: 'linus', content: 'Helsinki in winter: bring wool, stay for the saunas.' }],
  },
  {
    owner: 'grace',
    name: 'Bootstrapped Founders',
    topic: 'startups',
    description: 'Building companies without outside funding: pricing, hiring and staying sane.',
    category: 'Business',
    rules: [BE_KIND, NO_SPAM, 'No fundraising pitches.'],
    members: ['margaret', 'linus'],
    posts: [],
  },
  {
    owner: 'margaret',
    name: 'Desk Workers Who Lift',
    topic: 'fitness',
    description: 'Strength training and mobility for people who sit all day.',
    category: 'Health & Fitness',
    rules: [BE_KIND, 'No medical advice: see a professional for injuries.'],
    members: ['katherine', 'alan'],
    posts: [
      {
        username: 'margaret',
        content: 'Reminder: stand up, stretch, then back to the code review.',
      },
    ],
  },
];
