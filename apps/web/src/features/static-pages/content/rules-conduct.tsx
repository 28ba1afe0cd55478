import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { StaticPageContent } from '../components/static-page-layout';
import {
  APPEAL_WINDOW_DAYS,
  CONTACT,
  ENHANCED_PRIVACY_UNTIL_AGE,
  MINIMUM_AGE,
  REPORT_REVIEW_HOURS,
} from './facts';

/** /rules-conduct: the community guidelines. */
export const rulesConductPage: StaticPageContent = {
  title: 'Rules of Conduct',
  lead: (
    <p>
      Wave is a place for authentic connections. These community guidelines explain what we expect
      from everyone who posts, replies, messages or runs a community here, and what happens when
      someone breaks them.
    </p>
  ),
  dated: true,
  contents: true,
  sections: [
    {
      id: 'principles',
      title: 'Our principles',
      content: (
        <>
          <p>Every rule below follows from three ideas:</p>
          <ul>
            <li>
              <strong>Be yourself.</strong> Use Wave as who you are. Parody and fan accounts are
              welcome when they say so clearly.
            </li>
            <li>
              <strong>Respect people.</strong> Disagree with ideas, never attack the person behind
              them.
            </li>
            <li>
              <strong>Keep it safe.</strong> Nothing you post should put anyone at risk, online or
              off.
            </li>
          </ul>
          <p>
            These rules apply to everything on Wave: posts, replies, images, link previews, profile
            names and bios, messages, and communities with their rules and posts.
          </p>
        </>
      ),
    },
    {
      id: 'respect',
      title: 'Respect and safety',
      content: (
        <ul>
          <li>
            No harassment or bullying: no targeted insults, pile-ons, unwanted repeated contact or
            encouraging others to harass someone.
          </li>
          <li>
            No hate: no attacks on people for their race, ethnicity, national origin, religion,
            caste, sexual orientation, gender, gender identity, age, disability or serious illness.
          </li>
          <li>No threats of violence, and no glorifying violence or people who commit it.</li>
          <li>
            No content that promotes or encourages self-harm or suicide. If you see someone at risk,
            report it so our team can point them to help.
          </li>
          <li>
            No sharing of other people&apos;s private information (addresses, phone numbers,
            identity documents, private images) without their consent.
          </li>
        </ul>
      ),
    },
    {
      id: 'authenticity',
      title: 'Authenticity and integrity',
      content: (
        <ul>
          <li>Do not impersonate a person, brand or organization in a way that misleads.</li>
          <li>
            No spam: no bulk or repetitive posts, replies or messages, no artificial likes, retweets
            or follows, and no follow-for-follow schemes run by automation.
          </li>
          <li>
            Do not manipulate conversations with fake or coordinated accounts, or use several
            accounts to get around an enforcement action.
          </li>
          <li>
            Do not share content you know to be false in ways that could cause real harm, such as
            misleading information about elections, public health or emergencies.
          </li>
        </ul>
      ),
    },
    {
      id: 'content',
      title: 'Content guidelines',
      content: (
        <>
          <ul>
            <li>
              Post only what you have the right to share. Respect copyright and trademarks, and
              credit the work of others.
            </li>
            <li>
              No sexually explicit content, and never any sexual content involving minors. We report
              child sexual exploitation to the authorities.
            </li>
            <li>No graphic violence posted to shock or to celebrate suffering.</li>
            <li>
              No content that sells or promotes illegal goods or services, or that helps others
              commit crimes.
            </li>
            <li>No malware, phishing links or deceptive links.</li>
          </ul>
          <h3>Communities</h3>
          <p>
            Communities may add their own rules on top of these, shown on the community&apos;s page.
            A community&apos;s rules can be stricter than ours, never looser.
          </p>
        </>
      ),
    },
    {
      id: 'young-people',
      title: 'Protecting young people',
      content: (
        <p>
          You must be at least {MINIMUM_AGE} years old to use Wave. Members aged {MINIMUM_AGE} to{' '}
          {ENHANCED_PRIVACY_UNTIL_AGE} get enhanced privacy, no targeted ads and restricted
          messaging (see the <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>).
          Contacting young people to exploit, groom or sexualize them leads to a permanent ban and a
          report to the authorities.
        </p>
      ),
    },
    {
      id: 'reporting',
      title: 'Reporting a problem',
      content: (
        <>
          <p>
            If something breaks these rules, use the <strong>report button</strong> in the menu of
            the post, reply, profile, message or community. Reports are confidential: the person you
            report is never told who reported them.
          </p>
          <ol>
            <li>Choose Report and the rule you think was broken.</li>
            <li>
              Add any context that helps, such as other posts that are part of the same problem.
            </li>
            <li>Send the report. Our moderators take it from there.</li>
          </ol>
          <p>
            Our moderators review reports within {REPORT_REVIEW_HOURS} hours, and sooner when
            someone&apos;s safety is at stake. If you believe someone is in immediate danger,
            contact your local emergency services first.
          </p>
          <p>
            You can also write to <a href={`mailto:${CONTACT.safety}`}>{CONTACT.safety}</a>.
          </p>
        </>
      ),
    },
    {
      id: 'enforcement',
      title: 'How we enforce these rules',
      content: (
        <>
          <p>
            Moderators look at what was posted, its context and the account&apos;s history. Content
            that breaks the rules is removed, and the account receives one of three enforcement
            levels:
          </p>
          <ul>
            <li>
              <strong>Warning</strong>: a notice explaining which rule was broken. The content is
              removed; the account keeps working.
            </li>
            <li>
              <strong>Suspension</strong>: the account cannot post, reply, like, retweet, follow or
              message for a set time.
            </li>
            <li>
              <strong>Permanent Ban</strong>: the account is closed for good, and new accounts made
              to get around the ban are closed too.
            </li>
          </ul>
          <h3>The warning system</h3>
          <ol>
            <li>
              <strong>First offense:</strong> a warning.
            </li>
            <li>
              <strong>Second offense:</strong> a temporary suspension.
            </li>
            <li>
              <strong>Third offense:</strong> an account review by our moderators, which can end in
              a permanent ban.
            </li>
          </ol>
          <p>
            The most serious violations (child sexual exploitation, credible threats of violence,
            terrorism, or selling illegal goods) lead straight to a permanent ban, whatever the
            account&apos;s history.
          </p>
        </>
      ),
    },
    {
      id: 'appeals',
      title: 'Appeals',
      content: (
        <p>
          If you think we made a mistake, you can appeal within {APPEAL_WINDOW_DAYS} days of the
          decision by answering the enforcement notice or writing to{' '}
          <a href={`mailto:${CONTACT.safety}`}>{CONTACT.safety}</a>. A moderator who did not make
          the first decision reviews the appeal. If we got it wrong, we restore the content or the
          account and remove the strike.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these rules',
      content: (
        <p>
          We update these guidelines as Wave and its communities grow. The date at the top shows the
          latest version; important changes are announced in the app. Questions are welcome in the{' '}
          <Link to={paths.help.getHref()}>Help Center</Link>.
        </p>
      ),
    },
  ],
};
