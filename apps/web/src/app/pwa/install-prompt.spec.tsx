import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from '../../components/ui/toaster';
import { resetToasts } from '../../components/ui/use-toast';
import {
  DISMISSAL_KEY,
  dismissalHolds,
  INSTALL_PROMPT_DELAY_MS,
  InstallPrompt,
  REPROMPT_AFTER_MS,
} from './install-prompt';

describe(dismissalHolds.name, () => {
  const now = 1_800_000_000_000;

  it('keeps the prompt away for 7 days after a dismissal, then lets it back', () => {
    expect(dismissalHolds(String(now - 1000), now)).toBe(true);
    expect(dismissalHolds(String(now - REPROMPT_AFTER_MS + 1), now)).toBe(true);
    expect(dismissalHolds(String(now - REPROMPT_AFTER_MS), now)).toBe(false);
  });

  it('treats a missing or garbled timestamp as no dismissal', () => {
    expect(dismissalHolds(null, now)).toBe(false);
    expect(dismissalHolds('yesterday', now)).toBe(false);
  });
});

type Outcome = 'accepted' | 'dismissed';

/** A `beforeinstallprompt` event as Chromium fires it: cancelable, with prompt() and userChoice. */
function installEvent(outcome: Outcome = 'accepted') {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  return { event, prompt };
}

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

describe('InstallPrompt', () => {
  const now = 1_800_000_000_000;
  let standalone: boolean;
  let matchMedia: ReturnType<typeof vi.fn>;

  const setUserAgent = (userAgent: string) =>
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent });

  const renderPrompt = () =>
    render(
      <>
        <InstallPrompt />
        <Toaster />
      </>,
    );

  const fire = (event: Event) =>
    act(() => {
      window.dispatchEvent(event);
    });
  const advance = (ms: number) => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };
  /** Lets the install flow's promises (prompt(), userChoice) settle. */
  const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

  const banner = () => screen.queryByRole('dialog', { name: 'Install Wave' });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    resetToasts();
    localStorage.clear();
    standalone = false;
    matchMedia = vi.fn((query: string) => ({
      matches: query === '(display-mode: standalone)' && standalone,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    setUserAgent(ANDROID_UA);
  });

  afterEach(() => {
    cleanup();
    Reflect.deleteProperty(navigator, 'userAgent');
    Reflect.deleteProperty(navigator, 'standalone');
    vi.unstubAllGlobals();
    vi.useRealTimers();
    localStorage.clear();
    resetToasts();
  });

  it('captures the install event and shows the banner 3 s after load', () => {
    renderPrompt();
    const { event, prompt } = installEvent();
    fire(event);
    expect(event.defaultPrevented).toBe(true);
    expect(prompt).not.toHaveBeenCalled();
    expect(banner()).not.toBeInTheDocument();

    advance(INSTALL_PROMPT_DELAY_MS - 1);
    expect(banner()).not.toBeInTheDocument();
    advance(1);
    expect(banner()).toBeInTheDocument();
    expect(
      screen.getByText('Add Wave to your device for a faster, app-like experience.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Install' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    expect(screen.queryByText('Add to Home Screen')).not.toBeInTheDocument();
  });

  it('shows the banner as soon as the event arrives when it comes after the 3 s', () => {
    renderPrompt();
    advance(INSTALL_PROMPT_DELAY_MS * 2);
    expect(banner()).not.toBeInTheDocument();
    fire(installEvent().event);
    expect(banner()).toBeInTheDocument();
  });

  it('stays hidden when the app already runs standalone', () => {
    standalone = true;
    renderPrompt();
    fire(installEvent().event);
    advance(INSTALL_PROMPT_DELAY_MS * 10);
    expect(matchMedia).toHaveBeenCalledWith('(display-mode: standalone)');
    expect(banner()).not.toBeInTheDocument();
  });

  it('stays hidden when launched from the iOS home screen', () => {
    setUserAgent(IPHONE_UA);
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    renderPrompt();
    advance(INSTALL_PROMPT_DELAY_MS * 10);
    expect(banner()).not.toBeInTheDocument();
  });

  it('stays hidden for 7 days after a dismissal', () => {
    localStorage.setItem(DISMISSAL_KEY, String(now - REPROMPT_AFTER_MS + 60_000));
    renderPrompt();
    fire(installEvent().event);
    advance(INSTALL_PROMPT_DELAY_MS * 10);
    expect(banner()).not.toBeInTheDocument();
  });

  it('comes back once the dismissal is more than 7 days old', () => {
    localStorage.setItem(DISMISSAL_KEY, String(now - REPROMPT_AFTER_MS - 60_000));
    renderPrompt();
    const { event } = installEvent();
    fire(event);
    expect(event.defaultPrevented).toBe(true);
    advance(INSTALL_PROMPT_DELAY_MS);
    expect(banner()).toBeInTheDocument();
  });

  it('Dismiss hides the banner and remembers when, so it stays away next time', () => {
    const view = renderPrompt();
    fire(installEvent().event);
    advance(INSTALL_PROMPT_DELAY_MS);
    vi.setSystemTime(now + 12_345);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSAL_KEY)).toBe(String(now + 12_345));

    view.unmount();
    renderPrompt();
    fire(installEvent().event);
    advance(INSTALL_PROMPT_DELAY_MS * 10);
    expect(banner()).not.toBeInTheDocument();
  });

  it('Install prompts, welcomes the user when accepted and hides', async () => {
    renderPrompt();
    const { event, prompt } = installEvent('accepted');
    fire(event);
    advance(INSTALL_PROMPT_DELAY_MS);

    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await settle();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(banner()).not.toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Welcome to Wave!');
    expect(screen.getByText('Welcome to Wave!')).toBeInTheDocument();
    expect(screen.getByText('The app is installed.')).toBeInTheDocument();
    expect(localStorage.getItem(DISMISSAL_KEY)).toBeNull();
  });

  it('Install prompts and hides without a toast when the user declines', async () => {
    renderPrompt();
    const { event, prompt } = installEvent('dismissed');
    fire(event);
    advance(INSTALL_PROMPT_DELAY_MS);

    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await settle();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(banner()).not.toBeInTheDocument();
    expect(screen.queryByText('Welcome to Wave!')).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument(); // no toast at all
  });

  it('gives iOS the manual instructions, and Maybe Later dismisses them for 7 days', () => {
    setUserAgent(IPHONE_UA);
    // Safari in a tab: navigator.standalone exists and is false.
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: false });
    renderPrompt();
    advance(INSTALL_PROMPT_DELAY_MS - 1);
    expect(banner()).not.toBeInTheDocument();
    advance(1);
    expect(banner()).toBeInTheDocument();
    expect(screen.getByText('Add to Home Screen')).toBeInTheDocument();
    expect(screen.getByLabelText('Share')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSAL_KEY)).toBe(String(now + INSTALL_PROMPT_DELAY_MS));
  });

  it('prompts once however fast Install is clicked again', async () => {
    renderPrompt();
    const { event, prompt } = installEvent('accepted');
    fire(event);
    advance(INSTALL_PROMPT_DELAY_MS);
    const install = screen.getByRole('button', { name: 'Install' });
    fireEvent.click(install);
    fireEvent.click(install);
    await settle();
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('gives an iPad (which says it is a Mac with a touch screen) the manual instructions', () => {
    setUserAgent(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    );
    Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, value: 5 });
    try {
      renderPrompt();
      advance(INSTALL_PROMPT_DELAY_MS);
      expect(screen.getByText('Add to Home Screen')).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'maxTouchPoints');
    }
  });

  it('takes a Mac without a touch screen for a desktop browser', () => {
    setUserAgent(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    );
    renderPrompt();
    advance(INSTALL_PROMPT_DELAY_MS);
    expect(banner()).not.toBeInTheDocument();
  });

  it('shows nothing on a browser that neither offers installation nor is iOS', () => {
    renderPrompt();
    advance(INSTALL_PROMPT_DELAY_MS * 10);
    expect(banner()).not.toBeInTheDocument();
    expect(screen.queryByText('Add to Home Screen')).not.toBeInTheDocument();
  });
});
