import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Axe's findings that would stop someone using the page (serious or critical), by rule. */
export function blockingViolations(page: Page): Promise<string[]> {
  return axeViolations(page, ['serious', 'critical']);
}

/** Every finding of axe's WCAG 2.1 A and AA rules, whatever its impact: an axe-clean page has none. */
export function allViolations(page: Page): Promise<string[]> {
  return axeViolations(page, ['minor', 'moderate', 'serious', 'critical']);
}

async function axeViolations(page: Page, impacts: readonly string[]): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => impacts.includes(violation.impact ?? 'minor'))
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')})`,
    );
}

/** Page width beyond the viewport (a horizontal scroll bar on a phone). */
export const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
