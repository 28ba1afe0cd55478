/**
 * What demo members talk about. A post picks one of its author's topics, one
 * of the topic's sentences (`{x}` is filled from `fills`, `{n}` with a small
 * number, `{day}` with a weekday) and one or two of its hashtags.
 */
export interface DemoTopic {
  /** Colours of the topic's generated pictures and of its members' covers. */
  palette: readonly [string, string, string];
  hashtags: readonly string[];
  /** How members describe themselves in a bio. */
  roles: readonly string[];
  sentences: readonly string[];
  fills: readonly string[];
}

export const DEMO_TOPICS = {
  programming: {
    palette: ['#1e3a8a', '#3b82f6', '#f59e0b'],
    hashtags: ['coding', 'typescript', 'rustlang', 'devlife', 'webdev'],
    roles: ['Backend developer', 'Frontend engineer', 'Compiler hobbyist', 'Staff engineer'],
    sentences: [
      'Spent the morning deleting {x}. The tests still pass and the code reads better.',
      'Hot take: {x} is the most underrated tool in our kit.',
      'Finally understood {x} after drawing it on paper. Diagrams beat docs.',
      'Pair programming on {x} today. Two hours, one bug, many laughs.',
      'A good error message for {x} would have saved me the whole afternoon.',
      'Refactored {x} in small steps, {n} commits, zero drama.',
      'Reminder: name things for what they do. Looking at you, {x}.',
      'Today I learned how {x} works under the hood. Worth every minute.',
      'Shipped a fix for {x} on a {day}. Yes, with a test first.',
      'Code review tip: ask about {x} before you ask about style.',
      'Benchmarked {x}: {n}x faster after removing one allocation in a loop.',
    ],
    fills: [
      'the dead feature flags',
      'property-based testing',
      'the event loop',
      'keyset pagination',
      'the borrow checker',
      'structural typing',
      'our retry logic',
      'the build cache',
      'a flaky integration test',
      'database migrations',
    ],
  },
  opensource: {
    palette: ['#14532d', '#22c55e', '#fde047'],
    hashtags: ['opensource', 'foss', 'maintainers'],
    roles: ['Open source maintainer', 'Occasional contributor', 'Docs gardener'],
    sentences: [
      'Merged {n} pull requests from first-time contributors this week. Best part of maintaining.',
      'If you use {x}, consider sponsoring the people who keep it alive.',
      'Triage session done: {n} issues closed, {x} finally documented.',
      'The kindest review I ever got taught me more than any course. Pay it forward.',
      'Writing a CONTRIBUTING guide for {x}. What do you wish every project told you?',
      'Small patches get reviewed. Huge patches get postponed. Split your work.',
      'Released a new version of {x} with {n} fixes and a changelog people can read.',
      'Burnout is real. It is fine to say no to feature requests.',
      'Good first issues for {x} are up. Come say hi!',
    ],
    fills: [
      'the parser library',
      'our CLI',
      'the docs site',
      'the plugin system',
      'a tiny date library',
      'the test runner',
    ],
  },
  ai: {
    palette: ['#4c1d95', '#a855f7', '#22d3ee'],
    hashtags: ['ai', 'machinelearning', 'datascience'],
    roles: ['ML engineer', 'Data scientist', 'Research engineer'],
    sentences: [
      'Your model is only as good as your evaluation set. Spent the day on {x}.',
      'Reading a paper on {x}. The appendix is where the real insight lives.',
      'Trained a small model on {x}; it beat the big one on our actual task.',
      'Unpopular opinion: {x} matters more than the architecture.',
      'Visualised the embeddings for {x} today and found {n} clusters nobody expected.',
      'A baseline that takes ten minutes to build beats a week of tuning. Every time.',
      'Explaining {x} to a curious friend is the best test of understanding it.',
      'Dataset cards are documentation too. Wrote one for {x}.',
    ],
    fills: [
      'data cleaning',
      'label noise',
      'retrieval',
      'the tokenizer',
      'a recommendation ranker',
      'calibration',
      'active learning',
    ],
  },
  design: {
    palette: ['#831843', '#ec4899', '#fbcfe8'],
    hashtags: ['design', 'typography', 'ux'],
    roles: ['Product designer', 'Type nerd', 'UX researcher'],
    sentences: [
      'Spent an hour on {x}. Nobody will notice, and that is the point.',
      'Five user interviews about {x} changed the whole plan. Talk to people.',
      'Whitespace is not empty. It is {x}.',
      'Redesigned {x} with {n} fewer options. Support tickets dropped the next week.',
      'Found a beautiful old specimen book. The way they set {x} still holds up.',
      'Design critique today: kind, specific, helpful. Ask what {x} is for.',
      'Contrast matters. Checked {x} against accessibility guidelines again.',
    ],
    fills: [
      'line height',
      'the settings screen',
      'empty states',
      'the onboarding flow',
      'a grotesque typeface',
      'the colour palette',
      'breathing room',
    ],
  },
  music: {
    palette: ['#7c2d12', '#f97316', '#fef3c7'],
    hashtags: ['music', 'synth', 'vinyl'],
    roles: ['Bedroom producer', 'Jazz pianist', 'Record collector'],
    sentences: [
      'Found {x} at the flea market today. Side B is a revelation.',
      'Patched a new sound on the synth: {x} through a slow filter sweep.',
      'Practised scales for {n} minutes. Boring, and exactly what I needed.',
      'Listening to {x} on repeat this {day}.',
      'Music written with rules and a little randomness: tried {x} tonight.',
      'Live music on a {day} night beats any playlist.',
    ],
    fills: [
      'an old jazz record',
      'a modular patch',
      'a field recording of rain',
      'a Bach partita',
      'a generative melody',
      'a warm Rhodes chord',
    ],
  },
  science: {
    palette: ['#064e3b', '#10b981', '#a7f3d0'],
    hashtags: ['science', 'physics', 'biology'],
    roles: ['Lab scientist', 'Science writer', 'PhD student'],
    sentences: [
      'Replication is unglamorous and essential. Our group reproduced {x} this week.',
      'Today in the lab: {n} samples, one clear result about {x}.',
      'The best science talk I saw this year was about {x}. Clear, honest, fun.',
      'Patterns in nature keep surprising me. Reading about {x} tonight.',
      'Negative results about {x} deserve a place in journals too.',
      'Explained {x} to a class of ten-year-olds. Their questions were sharper than reviewers.',
    ],
    fills: [
      'reaction-diffusion patterns',
      'bird migration',
      'soil microbes',
      'quantum tunnelling',
      'protein folding',
      'zebra stripes',
    ],
  },
  space: {
    palette: ['#0f172a', '#6366f1', '#e0e7ff'],
    hashtags: ['space', 'astronomy', 'rocketry'],
    roles: ['Amateur astronomer', 'Flight software engineer', 'Telescope builder'],
    sentences: [
      'Clear skies tonight: saw {x} with the small telescope.',
      'Checked a trajectory for {x} by hand. The numbers still agree.',
      'Launch windows are arithmetic with a deadline. Planning for {x}.',
      'Photographed {x} in {n} exposures and stacked them. Worth the cold fingers.',
      'Every flight computer bug teaches humility. Reading a report on {x}.',
      'Dark sky trip this {day}. Hoping for {x}.',
    ],
    fills: [
      'the rings of Saturn',
      'the Orion Nebula',
      'a lunar transfer orbit',
      'the Andromeda galaxy',
      'a meteor shower',
      'the International Space Station',
    ],
  },
  books: {
    palette: ['#451a03', '#b45309', '#fde68a'],
    hashtags: ['books', 'reading', 'scifi'],
    roles: ['Bookworm', 'Librarian', 'Sci-fi reader'],
    sentences: [
      'Finished {x} last night. Still thinking about the ending.',
      'Reading goal update: {n} books this year, {x} the best so far.',
      'Book club pick this month: {x}. Thoughts by {day}!',
      'Re-reading {x} and noticing everything I missed the first time.',
      'A used bookshop, a rainy {day} and {x}. Perfect.',
      'Recommend me something like {x}, please.',
    ],
    fills: [
      'a novel about a ship that learns to doubt',
      'a history of the printing press',
      'a short story collection',
      'an old space opera',
      'a biography of a mathematician',
      'a book about maps',
    ],
  },
  cooking: {
    palette: ['#7f1d1d', '#ef4444', '#fed7aa'],
    hashtags: ['cooking', 'baking', 'sourdough'],
    roles: ['Home cook', 'Weekend baker', 'Spice collector'],
    sentences: [
      'Baked {x} today. {n}% hydration, best crumb yet.',
      'Sunday project: {x}. The kitchen smells amazing.',
      'Kitchen tip: salt {x} earlier than you think.',
      'Tried {x} from my grandmother’s recipe card. Some things cannot be improved.',
      'Meal prep done: {n} portions of {x} for the week.',
      'My sourdough starter is {n} years old and still has opinions.',
    ],
    fills: [
      'a rye loaf',
      'fresh pasta',
      'a lentil curry',
      'cinnamon buns',
      'a slow tomato sauce',
      'dumplings',
    ],
  },
  travel: {
    palette: ['#0c4a6e', '#0ea5e9', '#bae6fd'],
    hashtags: ['travel', 'trains', 'nordics'],
    roles: ['Slow traveller', 'Night train fan', 'Map collector'],
    sentences: [
      'Took the night train to {x}. Woke up to snow and coffee.',
      'Travel tip for {x}: walk everywhere the first day.',
      '{n} days in {x} and I already want to go back.',
      'Packing light for {x}: one bag, no regrets.',
      'The best meal of the trip was a tiny place near {x}.',
    ],
    fills: ['Helsinki', 'the fjords', 'Lisbon', 'Kyoto', 'the Alps', 'Edinburgh', 'Tallinn'],
  },
  fitness: {
    palette: ['#365314', '#84cc16', '#ecfccb'],
    hashtags: ['fitness', 'running', 'trailrunning'],
    roles: ['Trail runner', 'Desk worker who lifts', 'Cyclist'],
    sentences: [
      '{n} kilometres of hills this morning. Pacing is all arithmetic.',
      'Reminder: stand up, stretch, then back to {x}.',
      'New personal best on {x} today. Slow progress is still progress.',
      'Rest days are training days too. Spending this {day} on {x}.',
      'Ran {x} in the rain. Best decision of the week.',
    ],
    fills: [
      'the forest loop',
      'deadlifts',
      'mobility work',
      'the river trail',
      'a long easy run',
      'the code review',
    ],
  },
  gaming: {
    palette: ['#312e81', '#8b5cf6', '#f0abfc'],
    hashtags: ['gaming', 'retrogaming', 'boardgames'],
    roles: ['Retro gamer', 'Board game host', 'Speedrunner'],
    sentences: [
      'Board game night with {x}. Nobody is talking to anyone now.',
      'Documented the memory map of {x} today. Preservation matters.',
      'Finished {x} after {n} hours. What a soundtrack.',
      'House rule for {x}: the loser picks the next game.',
      'Speedrun practice on {x}: shaved {n} seconds off one split.',
    ],
    fills: [
      'an 8-bit console',
      'a cooperative card game',
      'a classic platformer',
      'a worker-placement game',
      'a puzzle game from the nineties',
    ],
  },
  photography: {
    palette: ['#1c1917', '#78716c', '#fafaf9'],
    hashtags: ['photography', 'filmphotography', 'streetphotography'],
    roles: ['Film photographer', 'Street photographer', 'Darkroom tinkerer'],
    sentences: [
      'Developed a roll of {x} tonight. {n} keepers out of 36, a good day.',
      'Golden hour at {x}. Sometimes the light does all the work.',
      'Shot {x} with a 50 mm and nothing else. Constraints help.',
      'Printing in the darkroom this {day}: {x} finally looks right.',
    ],
    fills: [
      'black and white film',
      'the harbour',
      'the old market',
      'a foggy morning',
      'the city at night',
    ],
  },
  climate: {
    palette: ['#134e4a', '#14b8a6', '#ccfbf1'],
    hashtags: ['climate', 'cycling', 'urbanism'],
    roles: ['Urbanist', 'Bike commuter', 'Energy analyst'],
    sentences: [
      'Cycled to work {n} days in a row. The city feels different on a bike.',
      'Our street got {x} this month. Small changes, big difference.',
      'Read a great report on {x}. Hopeful, with numbers to back it.',
      'Planted {n} trees with the neighbourhood group this {day}.',
      'Good urban design is climate policy. Case in point: {x}.',
    ],
    fills: [
      'a protected bike lane',
      'heat pumps',
      'community solar',
      'a new tram line',
      'rain gardens',
    ],
  },
  startups: {
    palette: ['#3f3f46', '#f43f5e', '#fecdd3'],
    hashtags: ['startups', 'bootstrapping', 'productivity'],
    roles: ['Bootstrapped founder', 'Indie hacker', 'Product manager'],
    sentences: [
      'Month {n} of bootstrapping: {x} is finally paying for itself.',
      'Talked to {n} customers this week. Every one of them mentioned {x}.',
      'Pricing is a product decision. Rethinking {x} today.',
      'Shipped {x}. Small team, short meetings, long walks.',
      'The best productivity tool I know: {x}.',
    ],
    fills: [
      'the onboarding email',
      'a simpler plan',
      'the support inbox',
      'a weekly demo',
      'saying no',
      'a written plan',
    ],
  },
  math: {
    palette: ['#172554', '#0284c7', '#e0f2fe'],
    hashtags: ['math', 'maths', 'puzzles'],
    roles: ['Maths teacher', 'Puzzle setter', 'Statistician'],
    sentences: [
      'Today’s puzzle: {x}. Answers in the replies, no spoilers for {n} hours.',
      'The proof of {x} fits in a tweet, almost.',
      'Taught {x} with paper folding today. The room went quiet, then loud.',
      'Numbers never lie, but they do need context. Thinking about {x}.',
      'Found a lovely pattern in {x} while waiting for a train.',
    ],
    fills: [
      'the birthday paradox',
      'Pascal’s triangle',
      'prime spirals',
      'the Monty Hall problem',
      'Fibonacci numbers',
      'tilings of the plane',
    ],
  },
} as const satisfies Record<string, DemoTopic>;

export type DemoTopicName = keyof typeof DEMO_TOPICS;
export const DEMO_TOPIC_NAMES = Object.keys(DEMO_TOPICS) as DemoTopicName[];

/** Hashtags many members use on the last day and a half: what trends show on a first start. */
export const TRENDING_HASHTAGS = ['wavecommunity', 'meteorshower', 'hackathon'] as const;

/** Sentences that join a trending conversation, before the post's own text. */
export const TRENDING_OPENERS: Record<(typeof TRENDING_HASHTAGS)[number], readonly string[]> = {
  wavecommunity: [
    'Loving how friendly this place is.',
    'Say hi if you are new here!',
    'Found three new people to follow today.',
  ],
  meteorshower: [
    'Counted {n} meteors before the clouds came.',
    'Stayed up for the meteor shower.',
    'Anyone else outside watching the sky tonight?',
  ],
  hackathon: [
    'Day two of the hackathon and the coffee is holding up.',
    'Our hackathon team just got the demo working.',
    'Hackathon pitch in an hour. Wish us luck.',
  ],
};

/** What members write under each other's posts. */
export const REPLY_SENTENCES: readonly string[] = [
  'This is great, thanks for sharing!',
  'Completely agree.',
  'I had the same experience last {day}.',
  'Interesting! Do you have a link to read more?',
  'Saving this for later.',
  'Ha, this made my day.',
  'Hard disagree, but I see where you are coming from.',
  'How long did that take you?',
  'Beautiful. More of this please.',
  'Never thought about it that way.',
  'Same here, {n} times this month.',
  'Could not have said it better.',
  'What would you do differently next time?',
  'Congrats!',
  'Following this thread with interest.',
];

/** What members write under community posts. */
export const COMMENT_SENTENCES: readonly string[] = [
  'Thanks, this is really helpful.',
  'Welcome to the group!',
  'We tried this last {day} and it worked well.',
  'Great tip, adding it to my notes.',
  'Could you share more details?',
  'Love it.',
  'This is why I joined this community.',
  'Agreed, and it gets easier with practice.',
  'Bookmarking this.',
  'Same question here, anyone?',
];

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
