import { Download, Share, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';

/** Shown about 3 s after load; a dismissal keeps it away for 7 days (spec section 9). */
export const INSTALL_PROMPT_DELAY_MS = 3_000;
export const DISMISSAL_KEY = 'pwa-prompt-dismissed';
export const REPROMPT_AFTER_MS = 7 * 24 * 3600 * 1000;
export const INSTALLED_TOAST_MS = 5_000;

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iPhone, iPod, and iPad (which since iPadOS 13 says it is a Mac, but one with a touch screen). */
const isIos = () =>
  /iphone|ipad|ipod/i.test(navigator.userAgent) ||
  (/macintosh/i.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

/** Whether a dismissal at `dismissedAt` still holds at `now`. */
export function dismissalHolds(dismissedAt: string | null, now: number): boolean {
  const at = Number(dismissedAt);
  return Number.isFinite(at) && at > 0 && now - at < REPROMPT_AFTER_MS;
}

export function InstallPrompt() {
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (isStandalone() || dismissalHolds(localStorage.getItem(DISMISSAL_KEY), Date.now())) return;
    const capture = (event: Event) => {
      event.preventDefault();
      setDeferred(event as BeforeInstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', capture);
    const timer = setTimeout(() => setVisible(true), INSTALL_PROMPT_DELAY_MS);
    return () => {
      window.removeEventListener('beforeinstallprompt', capture);
      clearTimeout(timer);
    };
  }, []);

  const dismiss = () => {
    localStorage.setItem(DISMISSAL_KEY, String(Date.now()));
    setVisible(false);
  };

  const install = async () => {
    if (!deferred) return;
    // An event prompts once: a second click while the browser's dialog opens does nothing.
    const event = deferred;
    setDeferred(null);
    setVisible(false);
    try {
      await event.prompt();
    } catch {
      return;
    }
    const choice = await event.userChoice;
    if (choice.outcome === 'accepted') {
      toast({
        title: 'Welcome to Wave!',
        description: 'The app is installed.',
        duration: INSTALLED_TOAST_MS,
      });
    }
  };

  if (!visible || (!deferred && !isIos())) return null;
  return (
    <div
      role="dialog"
      aria-labelledby="install-title"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto max-w-md rounded-2xl border border-border bg-card p-4 shadow-xl md:bottom-4"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="rounded-xl" />
        <div className="min-w-0 flex-1">
          <p id="install-title" className="font-semibold">
            Install Wave
          </p>
          {deferred ? (
            <p className="text-sm text-muted-foreground">
              Add Wave to your device for a faster, app-like experience.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              Tap <Share className="inline h-4 w-4" aria-label="Share" />, then{' '}
              <strong>Add to Home Screen</strong>.
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss"
          className="rounded-full p-1 hover:bg-muted"
        >
          <X className="h-4 w-4" />
        </button>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        {deferred ? (
          <Button size="sm" onClick={() => void install()}>
            <Download className="h-4 w-4" aria-hidden="true" /> Install
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={dismiss}>
            Maybe Later
          </Button>
        )}
      </div>
    </div>
  );
}
