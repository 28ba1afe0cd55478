import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installDomShims } from '../tweets/testing/tweet-test-utils';
import { HOVER_MEDIA } from '../../components/ui/tooltip';
import { ThemeToggle } from './theme-toggle';
import { resolvesDark, storedTheme, THEME_STORAGE_KEY, ThemeProvider } from './theme';

/** A controllable operating-system colour scheme behind matchMedia, on a desktop (it hovers). */
function fakeSystemScheme(dark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const state = { dark };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' ? state.dark : query === HOVER_MEDIA;
    },
    media: query,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  }));
  return {
    change(next: boolean) {
      state.dark = next;
      act(() =>
        listeners.forEach((listener) => listener({ matches: next } as MediaQueryListEvent)),
      );
    },
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

function renderToggle() {
  installDomShims();
  render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );
}

async function choose(label: 'Light' | 'Dark' | 'System') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Theme' }));
  await user.click(await screen.findByRole('menuitemradio', { name: label }));
}

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.classList.remove('dark');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('resolves system to the operating system scheme', () => {
    expect(resolvesDark('dark', false)).toBe(true);
    expect(resolvesDark('light', true)).toBe(false);
    expect(resolvesDark('system', true)).toBe(true);
    expect(resolvesDark('system', false)).toBe(false);
  });

  it('is dark by default and ignores a stored value that is not a theme', () => {
    expect(storedTheme()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(storedTheme()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'system');
    expect(storedTheme()).toBe('system');
  });

  it('starts dark on a light system, then switches and persists each choice', async () => {
    fakeSystemScheme(false);
    renderToggle();
    expect(isDark()).toBe(true);

    await choose('Light');
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');

    await choose('Dark');
    expect(isDark()).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await choose('System');
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });

  it('shows the chosen theme as checked in the menu', async () => {
    fakeSystemScheme(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    renderToggle();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Theme' }));
    expect(await screen.findByRole('menuitemradio', { name: 'Light' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('follows the operating system while on system, and not otherwise', () => {
    const system = fakeSystemScheme(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'system');
    renderToggle();
    expect(isDark()).toBe(false);
    system.change(true);
    expect(isDark()).toBe(true);
    system.change(false);
    expect(isDark()).toBe(false);
  });

  it('keeps an explicit choice when the operating system changes', () => {
    const system = fakeSystemScheme(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderToggle();
    system.change(true);
    system.change(false);
    expect(isDark()).toBe(true);
  });

  it('works where the browser has no matchMedia (light system)', () => {
    vi.stubGlobal('matchMedia', undefined);
    localStorage.setItem(THEME_STORAGE_KEY, 'system');
    renderToggle();
    expect(isDark()).toBe(false);
  });
});
