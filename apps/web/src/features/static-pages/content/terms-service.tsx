import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { StaticPageContent } from '../components/static-page-layout';
import {
  CONTACT,
  ENHANCED_PRIVACY_UNTIL_AGE,
  LIABILITY_CAP_USD,
  LIABILITY_FEES_MONTHS,
  MINIMUM_AGE,
  TERMS_NOTICE_DAYS,
  UPTIME_GOAL,
} from './facts';

/** /terms-service. */
export const termsServicePage: StaticPageContent = {
  title: 'Terms of Service',
  lead: (
    <p>
      These terms are the agreement between you and Wave when you use the website or the installable
      app. Please read them: by creating an account or using Wave, you accept them.
    </p>
  ),
  dated: true,
  contents: true,
  sections: [
    {
      id: 'eligibility',
      title: 'Who can use Wave',
      content: (
        <>
          <p>
            You must be at least {MINIMUM_AGE} years old, and old enough in your country to agree to
            these terms. If you are under the age of majority where you live, a parent or guardian
            must agree to them with you. Members aged {MINIMUM_AGE} to {ENHANCED_PRIVACY_UNTIL_AGE}{' '}
            get extra protections described in the{' '}
            <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
          </p>
          <p>You may not use Wave if we have permanently banned you before.</p>
        </>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      content: (
        <ul>
          <li>Give accurate information when you sign up, and keep your email address current.</li>
          <li>
            Keep your password secret. You are responsible for what happens under your account; tell
            us at once if you think someone else has access to it.
          </li>
          <li>
            Usernames that impersonate others, or that are reserved for the service, may be refused
            or reclaimed.
          </li>
          <li>You can stop using Wave at any time and ask us to delete your account.</li>
        </ul>
      ),
    },
    {
      id: 'service',
      title: 'The service',
      content: (
        <>
          <p>
            Wave lets you publish short posts with images and link previews, follow people, like,
            retweet and reply, join communities, and see recommendations and analytics. Wave is free
            to use.
          </p>
          <p>
            We aim for {UPTIME_GOAL} uptime and work to keep Wave fast and reliable, but this is a
            goal, not a guarantee: the service may sometimes be unavailable for maintenance, updates
            or reasons beyond our control. We may add, change or remove features, and we tell you in
            advance when a change significantly affects how you use Wave.
          </p>
        </>
      ),
    },
    {
      id: 'content',
      title: 'Your content',
      content: (
        <>
          <p>
            You own what you post. By posting, you give Wave a worldwide, non-exclusive,
            royalty-free licence to host, store, display, reproduce and distribute your content so
            that we can run, promote and improve the service, for example to show your posts to your
            followers and to visitors of your profile. This licence ends when you delete the
            content, except for copies others have already shared.
          </p>
          <p>
            You are responsible for your content and must have the rights to everything you post.
            Public posts can be seen by anyone and may appear in search engines.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      content: (
        <>
          <p>
            Follow the <Link to={paths.rulesConduct.getHref()}>Rules of Conduct</Link>. In addition,
            do not:
          </p>
          <ul>
            <li>break the law or help anyone else break it;</li>
            <li>
              access Wave by automated means except through interfaces we publish, or scrape it in
              ways that burden the service;
            </li>
            <li>
              probe, test or get around our security measures, rate limits or enforcement actions;
            </li>
            <li>upload malware or anything designed to harm people, devices or the service;</li>
            <li>sell, rent or transfer your account.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'enforcement',
      title: 'Suspension and termination',
      content: (
        <p>
          We may remove content or restrict, suspend or close accounts that break these terms or the
          Rules of Conduct, as described there, and you can appeal our decisions. You may end this
          agreement at any time by deleting your account. The sections on content licences already
          granted, disclaimers, liability and disputes survive the end of the agreement.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      content: (
        <p>
          Wave is provided &quot;as is&quot; and &quot;as available&quot;. To the extent the law
          allows, we make no warranties, express or implied, including of merchantability, fitness
          for a particular purpose or non-infringement. We do not endorse, and are not responsible
          for, content posted by members or the websites they link to.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      content: (
        <>
          <p>
            To the extent the law allows, Wave is not liable for indirect, incidental, special,
            consequential or punitive damages, or for lost profits, data or goodwill, arising from
            your use of the service.
          </p>
          <p>
            Our total liability for any claim relating to Wave is limited to the greater of{' '}
            <strong>${LIABILITY_CAP_USD}</strong> or the fees you paid us in the last{' '}
            {LIABILITY_FEES_MONTHS} months. Nothing in these terms limits liability that cannot be
            limited by law.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      content: (
        <p>
          We may update these terms. We will notify you in the app or by email, and the changes take
          effect {TERMS_NOTICE_DAYS} days after notice, unless they are required sooner by law or
          only concern new features. If you keep using Wave after that, you accept the new terms; if
          you do not agree, you can delete your account before they apply.
        </p>
      ),
    },
    {
      id: 'disputes',
      title: 'Disputes',
      content: (
        <p>
          If you have a problem with Wave, contact us first at{' '}
          <a href={`mailto:${CONTACT.legal}`}>{CONTACT.legal}</a>: most issues can be settled
          quickly and informally. If a court finds part of these terms unenforceable, the rest
          remains in effect.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <p>
          Questions about these terms: <a href={`mailto:${CONTACT.legal}`}>{CONTACT.legal}</a>. For
          help with your account, visit the <Link to={paths.help.getHref()}>Help Center</Link>.
        </p>
      ),
    },
  ],
};
