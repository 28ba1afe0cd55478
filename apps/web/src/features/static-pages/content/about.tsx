import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { StaticPageContent } from '../components/static-page-layout';
import { CONTACT, MINIMUM_AGE } from './facts';

/** /about. */
export const aboutPage: StaticPageContent = {
  title: 'About Wave',
  lead: (
    <p>
      Wave is a social platform for authentic connections: short posts, real conversations, and
      communities built around what you love.
    </p>
  ),
  sections: [
    {
      id: 'mission',
      title: 'Our mission',
      content: (
        <>
          <p>
            We believe a social network should help people connect with each other, not keep them
            scrolling. Wave is built to make it easy to say something, to find the people and
            communities worth following, and to have conversations that feel human.
          </p>
          <p>
            Wave is free for everyone aged {MINIMUM_AGE} and over, and works in any modern browser
            or as an app you install on your phone or computer.
          </p>
        </>
      ),
    },
    {
      id: 'what-you-can-do',
      title: 'What you can do on Wave',
      content: (
        <ul>
          <li>Share short posts with images and link previews.</li>
          <li>
            Like, retweet and reply to join the conversation; pin the post you are proudest of.
          </li>
          <li>Follow people and see their posts in your home feed.</li>
          <li>Join interest communities, from technology and gaming to cooking and travel.</li>
          <li>Explore and search posts, people and hashtags.</li>
          <li>Understand your audience with personal analytics.</li>
        </ul>
      ),
    },
    {
      id: 'values',
      title: 'What we stand for',
      content: (
        <ul>
          <li>
            <strong>People first.</strong> Clear rules, applied fairly by moderators, with a way to
            appeal. Read the <Link to={paths.rulesConduct.getHref()}>Rules of Conduct</Link>.
          </li>
          <li>
            <strong>Privacy by default.</strong> We do not sell personal information, we strip
            location data from your photos, and younger members get extra protection. Read the{' '}
            <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
          </li>
          <li>
            <strong>Open source.</strong> Wave is built in the open, so anyone can see how it works
            and help make it better.
          </li>
          <li>
            <strong>Accessible to everyone.</strong> Light and dark themes, keyboard navigation and
            screen-reader labels throughout.
          </li>
        </ul>
      ),
    },
    {
      id: 'contact',
      title: 'Get in touch',
      content: (
        <p>
          Questions, ideas or feedback? Visit the <Link to={paths.help.getHref()}>Help Center</Link>{' '}
          or write to <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a>. Want to see
          everything Wave can do? Take a tour of the{' '}
          <Link to={paths.features.getHref()}>features</Link>.
        </p>
      ),
    },
  ],
};
