import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export type Theme = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'wave-theme';
/** The spec's default. */
export const DEFAULT_THEME: Theme = 'dark';

const isTheme = (value: unknown): value is Theme =>
  value === 'light' || value === 'dark' || value === 'system';

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

const DARK_SCHEME = '(prefers-color-scheme: dark)';

/** The operating system's colour scheme (light where the browser cannot tell). */
const systemPrefersDark = (): boolean =>
  typeof matchMedia === 'function' && matchMedia(DARK_SCHEME).matches;

/** Whether the theme shows dark: system follows the operating system's colour scheme. */
export const resolvesDark = (theme: Theme, systemDark: boolean): boolean =>
  theme === 'dark' || (theme === 'system' && systemDark);

interface ThemeState {
  theme: Theme;
  /** What shows now: the theme, with system resolved. */
  dark: boolean;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(storedTheme);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const media = matchMedia(DARK_SCHEME);
    const listener = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    media.addEventListener('change', listener);
    return () => media.removeEventListener('change', listener);
  }, []);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolvesDark(theme, systemDark));
  }, [theme, systemDark]);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts this visit
    }
  }, []);

  const value = useMemo<ThemeState>(
    () => ({
      theme,
      dark: resolvesDark(theme, systemDark),
      setTheme,
    }),
    [theme, systemDark, setTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme outside ThemeProvider');
  return state;
}
