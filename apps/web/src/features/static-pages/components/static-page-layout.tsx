import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { POLICY_DATE } from '../content/facts';

/** One part of a page: its anchor, heading and body. */
export interface StaticSection {
  id: string;
  title: string;
  content: ReactNode;
}

/** A page: title, lead, optional policy date, and its sections. */
export interface StaticPageContent {
  /** The heading, also the document title. */
  title: string;
  lead: ReactNode;
  /** Legal pages show their effective and last-updated date. */
  dated?: boolean;
  /** A list of the sections at the top. */
  contents?: boolean;
  sections: readonly StaticSection[];
}

export const STATIC_LINKS = [
  { label: 'About', href: paths.about.getHref() },
  { label: 'Features', href: paths.features.getHref() },
  { label: 'Help Center', href: paths.help.getHref() },
  { label: 'Rules of Conduct', href: paths.rulesConduct.getHref() },
  { label: 'Privacy Policy', href: paths.privacyPolicy.getHref() },
  { label: 'Terms of Service', href: paths.termsService.getHref() },
] as const;

const year = new Date().getFullYear();

/**
 * Text styles for a section's own paragraphs, lists and sub-headings (direct
 * children only, so a custom block inside a wrapper keeps its own look).
 */
const prose = [
  'leading-relaxed',
  '[&>p]:mt-3 [&>h3]:mt-6 [&>h3]:text-lg [&>h3]:font-semibold',
  '[&>ul]:mt-3 [&>ul]:list-disc [&>ul]:pl-6 [&>ol]:mt-3 [&>ol]:list-decimal [&>ol]:pl-6',
  '[&>ul>li]:mt-1.5 [&>ol>li]:mt-1.5 [&_strong]:font-semibold',
  '[&>*_a]:font-medium [&>*_a]:text-primary [&>*_a:hover]:underline',
].join(' ');

/** The public pages' frame: a simple header with a link home, the article, links to the others. */
export function StaticPageLayout({ page }: { page: StaticPageContent }) {
  return (
    <div className="flex min-h-screen flex-col">
      <title>{`${page.title} · Wave`}</title>
      <header className="sticky top-0 z-10 border-b border-border bg-background/80 backdrop-blur">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
          <Link
            to={paths.home.getHref()}
            className="text-xl font-black tracking-tight"
            aria-label="Wave home"
          >
            Wave
          </Link>
          <Link
            to={paths.home.getHref()}
            className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Wave
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <article>
          <header className="border-b border-border pb-6">
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
            <div className="mt-3 text-lg text-muted-foreground">{page.lead}</div>
            {page.dated ? (
              <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
                <div className="flex gap-1">
                  <dt>Effective date:</dt>
                  <dd>
                    <time dateTime={POLICY_DATE.iso}>{POLICY_DATE.label}</time>
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>Last updated:</dt>
                  <dd>
                    <time dateTime={POLICY_DATE.iso}>{POLICY_DATE.label}</time>
                  </dd>
                </div>
              </dl>
            ) : null}
          </header>
          {page.contents ? (
            <nav aria-label="On this page" className="mt-6 rounded-2xl bg-muted p-5">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                On this page
              </h2>
              <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
                {page.sections.map((section, index) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className="hover:underline">
                      {index + 1}. {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          {page.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="mt-10 scroll-mt-20"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold">
                {section.title}
              </h2>
              <div className={prose}>{section.content}</div>
            </section>
          ))}
        </article>
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label="Information pages">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {STATIC_LINKS.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className="hover:text-foreground hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>© {year} Wave</p>
        </div>
      </footer>
    </div>
  );
}
