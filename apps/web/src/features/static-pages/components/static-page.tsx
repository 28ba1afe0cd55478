import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import {
  buildOrganizationSchema,
  buildWebSiteSchema,
  injectStructuredData,
} from '../../../lib/structured-data';
import { aboutPage } from '../content/about';
import { featuresPage } from '../content/features';
import { helpPage } from '../content/help';
import { privacyPolicyPage } from '../content/privacy-policy';
import { rulesConductPage } from '../content/rules-conduct';
import { termsServicePage } from '../content/terms-service';
import type { StaticPageContent } from './static-page-layout';
import { StaticPageLayout } from './static-page-layout';

/** The public information pages, by path (spec part 2: always available). */
export const STATIC_PAGES: Readonly<Record<string, StaticPageContent>> = {
  [paths.rulesConduct.path]: rulesConductPage,
  [paths.privacyPolicy.path]: privacyPolicyPage,
  [paths.termsService.path]: termsServicePage,
  [paths.about.path]: aboutPage,
  [paths.features.path]: featuresPage,
  [paths.help.path]: helpPage,
};

/** The site and its organization as structured data, on the About page. */
function useAboutStructuredData(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const origin = window.location.origin;
    return injectStructuredData([buildWebSiteSchema(origin), buildOrganizationSchema(origin)]);
  }, [active]);
}

/**
 * /rules-conduct, /privacy-policy, /terms-service, /about, /features and /help:
 * the page for the current path, in the public pages' frame.
 */
export default function StaticPage() {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = STATIC_PAGES[path];
  useAboutStructuredData(path === paths.about.path);

  if (!page) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        <title>Page Not Found · Wave</title>
        <h1 className="text-3xl font-extrabold">Page Not Found</h1>
        <Link to={paths.home.getHref()} className={buttonVariants()}>
          Go home
        </Link>
      </main>
    );
  }
  return <StaticPageLayout page={page} />;
}
