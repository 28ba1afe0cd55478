import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import StaticPage from './static-page';

function renderAt(route: string) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="*" element={<StaticPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The page's whole text, spaces normalised. */
const text = () => (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ');

describe('StaticPage', () => {
  afterEach(() => {
    document.head.querySelectorAll('script[type="application/ld+json"]').forEach((s) => s.remove());
  });

  it.each([
    ['/rules-conduct', 'Rules of Conduct'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-service', 'Terms of Service'],
    ['/about', 'About Wave'],
    ['/features', 'Features'],
    ['/help', 'Help Center'],
  ])('%s has its heading, title and a link home', async (route, title) => {
    renderAt(route);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · Wave`));
    const banner = screen.getAllByRole('banner')[0]!;
    expect(within(banner).getByRole('link', { name: 'Wave home' })).toHaveAttribute('href', '/');
  });

  it('states the rules of conduct: moderators, the report button, warnings, levels, delays', () => {
    renderAt('/rules-conduct');
    const page = text();
    expect(page).toContain('August 18, 2025');
    expect(page).toMatch(/moderators/i);
    expect(page).toMatch(/report button/i);
    expect(page).toContain('First offense: a warning');
    expect(page).toContain('Second offense: a temporary suspension');
    expect(page).toContain('Third offense: an account review');
    for (const level of ['Warning', 'Suspension', 'Permanent Ban']) {
      expect(screen.getByText(level, { selector: 'strong' })).toBeInTheDocument();
    }
    expect(page).toContain('review reports within 24 hours');
    expect(page).toContain('appeal within 30 days');
    expect(page).toContain('at least 13 years old');
  });

  it('states the privacy facts: answers in 30 days, contact in 48 hours, ages 13 to 16', () => {
    renderAt('/privacy-policy');
    const page = text();
    expect(page).toContain('August 18, 2025');
    expect(page).toContain('privacy requests are answered within 30 days');
    expect(page).toContain('within 48 hours');
    expect(page).toContain('at least 13 years old');
    expect(page).toContain('Users aged 13 to 16 get enhanced privacy');
    expect(page).toContain('no targeted ads');
    expect(page).toContain('restricted messaging');
  });

  it('states the terms: age 13, 30 days notice, the $100 or 12 months cap, 99.9% uptime', () => {
    renderAt('/terms-service');
    const page = text();
    expect(page).toContain('August 18, 2025');
    expect(page).toContain('at least 13 years old');
    expect(page).toContain('take effect 30 days after notice');
    expect(page).toContain('the greater of $100 or the fees you paid us in the last 12 months');
    expect(page).toContain('99.9% uptime');
    expect(page).toMatch(/free to use/);
  });

  it('dates the legal pages only', () => {
    renderAt('/features');
    expect(text()).not.toContain('August 18, 2025');
  });

  it('lists the sections of a legal page and links to them', () => {
    renderAt('/terms-service');
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const link = within(contents).getByRole('link', { name: /Limitation of liability/ });
    expect(link).toHaveAttribute('href', '#liability');
    expect(document.getElementById('liability')).not.toBeNull();
  });

  it('answers questions and lists help topics on /help', async () => {
    renderAt('/help');
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Help topics' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Safety and reporting/ })).toHaveAttribute(
      'href',
      '/rules-conduct',
    );
    const question = screen.getByText('How do I report a post or an account?');
    const details = question.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: /Getting started/ }));
    expect((document.getElementById('faq-account') as HTMLDetailsElement).open).toBe(true);
    expect(text()).toContain('Yes. Wave is free to use');
  });

  it("gives contact addresses on the site's own domain when none are configured", () => {
    renderAt('/help');
    const host = window.location.hostname;
    expect(screen.getByRole('link', { name: `support@${host}` })).toHaveAttribute(
      'href',
      `mailto:support@${host}`,
    );
    expect(text()).not.toContain('.example');
  });

  it('adds the website and organization markup on /about', () => {
    const { unmount } = renderAt('/about');
    const script = document.head.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '[]');
    expect(data.map((node: { '@type': string }) => node['@type'])).toEqual([
      'WebSite',
      'Organization',
    ]);
    unmount();
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('says so for a path it does not know', () => {
    renderAt('/nowhere');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
