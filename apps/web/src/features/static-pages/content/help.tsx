import type { LucideIcon } from 'lucide-react';
import {
  FileText,
  Image,
  Lock,
  PenSquare,
  Rocket,
  ShieldCheck,
  Smartphone,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { StaticPageContent } from '../components/static-page-layout';
import {
  APPEAL_WINDOW_DAYS,
  CONTACT,
  IMAGE_MAX_MB,
  MINIMUM_AGE,
  POST_MAX_CHARACTERS,
  POST_MAX_IMAGES,
  PRIVACY_RESPONSE_DAYS,
  REPORT_REVIEW_HOURS,
} from './facts';

interface HelpTopic {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
}

const TOPICS: readonly HelpTopic[] = [
  {
    title: 'Getting started',
    description: 'Create an account, sign in and find people to follow.',
    href: '#faq-account',
    icon: Rocket,
  },
  {
    title: 'Posting',
    description: 'Posts, images, link previews, editing and pinning.',
    href: '#faq-posting',
    icon: PenSquare,
  },
  {
    title: 'Your profile',
    description: 'Your photo, cover image, name and bio.',
    href: '#faq-profile',
    icon: Image,
  },
  {
    title: 'Communities',
    description: 'Find, join and post in interest communities.',
    href: '#faq-communities',
    icon: Users,
  },
  {
    title: 'The Wave app',
    description: 'Install Wave and choose your theme.',
    href: '#faq-app',
    icon: Smartphone,
  },
  {
    title: 'Safety and reporting',
    description: 'Our rules, how to report, and appeals.',
    href: paths.rulesConduct.getHref(),
    icon: ShieldCheck,
  },
  {
    title: 'Privacy and data',
    description: 'What we collect and the rights you have.',
    href: paths.privacyPolicy.getHref(),
    icon: Lock,
  },
  {
    title: 'Terms',
    description: 'The agreement for using Wave.',
    href: paths.termsService.getHref(),
    icon: FileText,
  },
];

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

const FAQ: readonly Question[] = [
  {
    id: 'faq-account',
    question: 'How do I create an account?',
    answer: (
      <p>
        Choose <Link to={paths.auth.getHref()}>Join</Link>, open the Sign Up tab and enter a display
        name, a username, your email address and a password of at least 8 characters that is not a
        common one. You need to be at least {MINIMUM_AGE} years old.
      </p>
    ),
  },
  {
    id: 'faq-free',
    question: 'Is Wave free?',
    answer: <p>Yes. Wave is free to use, on the web and as an installed app.</p>,
  },
  {
    id: 'faq-posting',
    question: 'How long can a post be, and how many images can it have?',
    answer: (
      <p>
        A post can have up to {POST_MAX_CHARACTERS} characters and up to {POST_MAX_IMAGES} images.
        Images can be PNG, JPEG, WebP, GIF or AVIF files of up to {IMAGE_MAX_MB} MB. Paste a link
        and Wave adds a preview; you can remove it before posting.
      </p>
    ),
  },
  {
    id: 'faq-edit',
    question: 'Can I edit, delete or pin a post?',
    answer: (
      <p>
        Yes. Open the menu on your own post to edit its text, delete it, or pin it to the top of
        your profile. Only one post can be pinned at a time: pinning another replaces it.
      </p>
    ),
  },
  {
    id: 'faq-profile',
    question: 'How do I change my profile photo, cover or bio?',
    answer: (
      <p>
        Go to your profile. Use Change photo or Change cover to upload an image (up to{' '}
        {IMAGE_MAX_MB} MB), and Edit profile to change your display name, first and last name, and
        bio (up to 160 characters).
      </p>
    ),
  },
  {
    id: 'faq-communities',
    question: 'How do communities work?',
    answer: (
      <p>
        Browse communities by category or search, and choose Join. Members can post, like and
        comment inside the community and must follow its rules as well as ours. You can leave at any
        time.
      </p>
    ),
  },
  {
    id: 'faq-app',
    question: 'How do I install Wave as an app?',
    answer: (
      <p>
        When your browser offers it, choose Install in the prompt. On an iPhone or iPad, tap Share,
        then Add to Home Screen. The app updates itself. Switch between the light and dark theme
        with the theme button.
      </p>
    ),
  },
  {
    id: 'faq-report',
    question: 'How do I report a post or an account?',
    answer: (
      <p>
        Use the report button in the menu of the post or profile. Our moderators review reports
        within {REPORT_REVIEW_HOURS} hours. If we acted on your account and you disagree, you can
        appeal within {APPEAL_WINDOW_DAYS} days. See the{' '}
        <Link to={paths.rulesConduct.getHref()}>Rules of Conduct</Link>.
      </p>
    ),
  },
  {
    id: 'faq-data',
    question: 'How do I get a copy of my data or delete my account?',
    answer: (
      <p>
        Send a privacy request to <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a> from
        your account&apos;s email address. We answer within {PRIVACY_RESPONSE_DAYS} days. See the{' '}
        <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
      </p>
    ),
  },
];

/** Opens a question before the browser scrolls to it (a closed one would hide its answer). */
function openQuestion(id: string) {
  const element = document.getElementById(id);
  if (element instanceof HTMLDetailsElement) element.open = true;
}

function TopicLink({ topic }: { topic: HelpTopic }) {
  const Icon = topic.icon;
  const body = (
    <>
      <Icon className="h-5 w-5 text-primary" aria-hidden="true" />
      <span className="mt-2 block font-semibold text-foreground">{topic.title}</span>
      <span className="mt-1 block text-sm text-muted-foreground">{topic.description}</span>
    </>
  );
  const className =
    'block h-full rounded-2xl border border-border p-4 transition-colors hover:bg-muted';
  return topic.href.startsWith('#') ? (
    <a href={topic.href} className={className} onClick={() => openQuestion(topic.href.slice(1))}>
      {body}
    </a>
  ) : (
    <Link to={topic.href} className={className}>
      {body}
    </Link>
  );
}

/** /help: help topics and the frequently asked questions. */
export const helpPage: StaticPageContent = {
  title: 'Help Center',
  lead: <p>Answers to common questions, and where to go for everything else.</p>,
  sections: [
    {
      id: 'topics',
      title: 'Help topics',
      content: (
        <div className="mt-4">
          <ul className="grid gap-3 sm:grid-cols-2">
            {TOPICS.map((topic) => (
              <li key={topic.title}>
                <TopicLink topic={topic} />
              </li>
            ))}
          </ul>
        </div>
      ),
    },
    {
      id: 'faq',
      title: 'Frequently asked questions',
      content: (
        <div className="mt-4 divide-y divide-border rounded-2xl border border-border">
          {FAQ.map((item) => (
            <details key={item.id} id={item.id} className="group scroll-mt-20 px-4 py-3">
              <summary className="cursor-pointer list-none font-semibold marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {item.question}
                  <span
                    aria-hidden="true"
                    className="text-muted-foreground transition-transform group-open:rotate-45"
                  >
                    +
                  </span>
                </span>
              </summary>
              <div className="text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a:hover]:underline [&_p]:mt-2">
                {item.answer}
              </div>
            </details>
          ))}
        </div>
      ),
    },
    {
      id: 'contact',
      title: 'Still need help?',
      content: (
        <p>
          Write to <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a> and tell us what
          happened. For safety issues write to{' '}
          <a href={`mailto:${CONTACT.safety}`}>{CONTACT.safety}</a>; for privacy requests,{' '}
          <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a>.
        </p>
      ),
    },
  ],
};
