import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { StaticPageContent } from '../components/static-page-layout';
import { IMAGE_MAX_MB, POST_MAX_CHARACTERS, POST_MAX_IMAGES } from './facts';

/** /features. */
export const featuresPage: StaticPageContent = {
  title: 'Features',
  lead: (
    <p>
      Everything you need to share, connect and grow, free for everyone. Here is what Wave can do.
    </p>
  ),
  contents: true,
  sections: [
    {
      id: 'posts',
      title: 'Posts',
      content: (
        <ul>
          <li>
            Write posts of up to {POST_MAX_CHARACTERS} characters, with up to {POST_MAX_IMAGES}{' '}
            images each (PNG, JPEG, WebP, GIF or AVIF, up to {IMAGE_MAX_MB} MB).
          </li>
          <li>Paste a link and Wave shows a preview card with its title, description and image.</li>
          <li>Add emoji from the built-in picker.</li>
          <li>Edit or delete your posts, and pin one to the top of your profile.</li>
        </ul>
      ),
    },
    {
      id: 'conversations',
      title: 'Conversations',
      content: (
        <ul>
          <li>Like posts, retweet them to your followers, and reply to join the discussion.</li>
          <li>Share a post through your device&apos;s share menu or by copying its link.</li>
          <li>Follow the people you care about; their posts and retweets fill your home feed.</li>
        </ul>
      ),
    },
    {
      id: 'profiles',
      title: 'Profiles',
      content: (
        <ul>
          <li>A profile photo, a cover image, your name and a short bio.</li>
          <li>Your join date and follower counts, and all your posts in one place.</li>
          <li>Visitors can preview your profile before they sign up.</li>
        </ul>
      ),
    },
    {
      id: 'discover',
      title: 'Explore and search',
      content: (
        <ul>
          <li>Trending topics and suggestions of people to follow.</li>
          <li>
            Search posts, people and hashtags as you type, filtered by type, by date (today, this
            week, this month) or by verified accounts only.
          </li>
          <li>Recommendations of people, posts and communities picked for you.</li>
        </ul>
      ),
    },
    {
      id: 'communities',
      title: 'Communities',
      content: (
        <ul>
          <li>
            Join communities about technology, gaming, art and design, music, sports, science,
            books, cooking, travel, business, health and fitness.
          </li>
          <li>Post, like and comment inside a community, with rules set by its members.</li>
          <li>See which communities are trending right now.</li>
        </ul>
      ),
    },
    {
      id: 'analytics',
      title: 'Personal analytics',
      content: (
        <ul>
          <li>Views, likes, replies and followers over 7, 30 or 90 days, with growth trends.</li>
          <li>Your top posts, your busiest hours and your most popular hashtags.</li>
        </ul>
      ),
    },
    {
      id: 'app',
      title: 'An app for every device',
      content: (
        <ul>
          <li>
            Install Wave on your phone, tablet or computer straight from the browser, no app store
            needed. It updates itself.
          </li>
          <li>Light and dark themes, or follow your system setting.</li>
          <li>Keep up with notifications, messages and bookmarks.</li>
        </ul>
      ),
    },
    {
      id: 'safety',
      title: 'Safety built in',
      content: (
        <p>
          Report buttons everywhere, moderators who review reports within a day, extra protections
          for younger members, and photos stripped of location data. Learn more in the{' '}
          <Link to={paths.rulesConduct.getHref()}>Rules of Conduct</Link> and the{' '}
          <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
        </p>
      ),
    },
  ],
};
