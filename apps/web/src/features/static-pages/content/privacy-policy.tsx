import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { StaticPageContent } from '../components/static-page-layout';
import {
  CONTACT,
  ENHANCED_PRIVACY_UNTIL_AGE,
  MINIMUM_AGE,
  PRIVACY_CONTACT_HOURS,
  PRIVACY_RESPONSE_DAYS,
} from './facts';

/** /privacy-policy. */
export const privacyPolicyPage: StaticPageContent = {
  title: 'Privacy Policy',
  lead: (
    <p>
      This policy explains what information Wave collects, why, who can see it, and the choices and
      rights you have. Wave is free, and we do not sell your personal information.
    </p>
  ),
  dated: true,
  contents: true,
  sections: [
    {
      id: 'what-we-collect',
      title: 'Information we collect',
      content: (
        <>
          <h3>Information you give us</h3>
          <ul>
            <li>
              <strong>Account:</strong> your display name, username, email address and password. We
              store the password only as a one-way hash; nobody at Wave can read it.
            </li>
            <li>
              <strong>Profile:</strong> the first and last name, bio, profile photo and cover image
              you choose to add.
            </li>
            <li>
              <strong>Content:</strong> your posts, replies, images and the links you share, your
              likes, retweets, pinned post, follows and the communities you join.
            </li>
            <li>
              <strong>Messages to us:</strong> what you send when you contact support, report
              something or make a privacy request.
            </li>
          </ul>
          <h3>Information collected when you use Wave</h3>
          <ul>
            <li>
              <strong>Usage:</strong> the pages you view (the page address and your browser&apos;s
              user agent), and how people interact with your posts, which powers your personal
              analytics.
            </li>
            <li>
              <strong>Technical data:</strong> your IP address and request logs, used to keep the
              service running and to stop abuse such as password guessing and spam.
            </li>
            <li>
              <strong>Images:</strong> when you upload an image we check it and store a clean copy.
              We remove its metadata, including camera details and location, before anyone can see
              it.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'How we use information',
      content: (
        <ul>
          <li>To run Wave: sign you in, show your feed, deliver posts to your followers.</li>
          <li>
            To personalise your experience: recommendations of people, posts and communities, based
            on what you follow and interact with. You can dismiss any recommendation.
          </li>
          <li>To show you analytics about your own posts and audience.</li>
          <li>
            To keep Wave safe: detect spam and abuse, review reports and enforce the{' '}
            <Link to={paths.rulesConduct.getHref()}>Rules of Conduct</Link>.
          </li>
          <li>To fix problems, measure performance and improve the product.</li>
          <li>To contact you about your account, security and changes to our policies.</li>
        </ul>
      ),
    },
    {
      id: 'public-information',
      title: 'What is public',
      content: (
        <>
          <p>
            Wave is a public platform. Your display name, username, profile photo, cover image, bio,
            join date, follower and following counts, and your posts are visible to everyone,
            including people who are not signed in, and may be found by search engines.
          </p>
          <p>
            Your email address is never shown on your profile. Think before you share something
            personal in a post: others can see, quote and share it.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'How information is shared',
      content: (
        <>
          <p>We do not sell your personal information. We share it only:</p>
          <ul>
            <li>
              With service providers that host and store Wave on our behalf, under contracts that
              let them use it only to provide their service to us.
            </li>
            <li>
              When the law requires it, or to protect the safety of people, to prevent fraud, or to
              defend Wave and its members against legal claims.
            </li>
            <li>
              As part of a merger or sale of Wave, in which case this policy continues to protect
              your information and we tell you before anything changes.
            </li>
          </ul>
          <p>
            When you post a link, Wave&apos;s servers (not your browser) fetch the page to build its
            preview, so the linked site does not learn who shared it.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      content: (
        <ul>
          <li>
            A single session cookie keeps you signed in. It cannot be read by scripts, and it
            expires when you log out or after a period without use.
          </li>
          <li>
            Your browser&apos;s local storage remembers your theme (light, dark or system) and when
            you dismissed the install prompt.
          </li>
          <li>We do not use third-party advertising or tracking cookies.</li>
        </ul>
      ),
    },
    {
      id: 'young-people',
      title: 'Children and teens',
      content: (
        <>
          <p>
            You must be at least {MINIMUM_AGE} years old to use Wave. We do not knowingly collect
            information from children under {MINIMUM_AGE}; if we learn that we have, we delete the
            account and its data.
          </p>
          <p>
            Users aged {MINIMUM_AGE} to {ENHANCED_PRIVACY_UNTIL_AGE} get enhanced privacy:
          </p>
          <ul>
            <li>we collect only what is needed to provide the service to them;</li>
            <li>
              <strong>no targeted ads</strong>: their activity is never used to personalise
              advertising;
            </li>
            <li>
              <strong>restricted messaging</strong>: they can receive direct messages only from
              people they follow.
            </li>
          </ul>
          <p>
            A parent or guardian who believes their child is using Wave against these rules can
            write to <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a>.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights and choices',
      content: (
        <>
          <p>Wherever you live, you can ask us to:</p>
          <ul>
            <li>give you a copy of the personal information we hold about you;</li>
            <li>correct information that is wrong (most of it you can edit on your profile);</li>
            <li>delete your account and the information linked to it;</li>
            <li>export your posts and profile in a portable format;</li>
            <li>stop using your information for a purpose you object to.</li>
          </ul>
          <p>
            Send privacy requests to <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a>{' '}
            from the email address of your account. We contact you within {PRIVACY_CONTACT_HOURS}{' '}
            hours to confirm we have your request, and privacy requests are answered within{' '}
            {PRIVACY_RESPONSE_DAYS} days. You may also complain to your local data protection
            authority.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep information',
      content: (
        <>
          <p>
            We keep your information while your account exists. Images you upload but never use in a
            post or on your profile are deleted automatically after a day.
          </p>
          <p>
            When you delete a post or your account, it disappears from Wave right away and is
            removed from our systems and backups in their normal cycle, except where the law
            requires us to keep something longer or it is needed to handle an open report or appeal.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      content: (
        <p>
          Wave is served over encrypted connections. Passwords are stored as strong one-way hashes,
          sessions use random tokens that we store only in hashed form, and uploaded files are
          checked before they are stored. No system is perfectly secure: if a breach affects your
          information, we will tell you and the authorities as the law requires.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <p>
          When we change this policy we update the date at the top, and for important changes we
          notify you in the app or by email before they apply.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      content: (
        <p>
          Questions about privacy: <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a>. We
          contact you within {PRIVACY_CONTACT_HOURS} hours.
        </p>
      ),
    },
  ],
};
