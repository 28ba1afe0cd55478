import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from '../../components/ui/toaster';
import { resetToasts } from '../../components/ui/use-toast';
import type { DraftRegistry } from '../../lib/unsent-drafts';
import { createDraftRegistry } from '../../lib/unsent-drafts';
import {
  FIRST_UPDATE_TOAST_MS,
  REFRESH_TOAST_MS,
  registerServiceWorker,
  registerServiceWorkerAfterLoad,
  REGISTER_IDLE_TIMEOUT_MS,
  SECOND_UPDATE_TOAST_MS,
} from './service-worker';

/** A service worker as the page sees it: a state, statechange events and postMessage. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();

  setState(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** A registration: installing and waiting workers, updatefound events and update(). */
class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  readonly update = vi.fn(() => Promise.resolve(this));

  /** What a browser does when a new worker is found: updatefound, then installed (waiting). */
  installNewWorker(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    this.installing = null;
    this.waiting = worker;
    worker.setState('installed');
    return worker;
  }
}

/** navigator.serviceWorker: register(), the controller, message and controllerchange events. */
class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  readonly register = vi.fn<(url: string, options?: RegistrationOptions) => Promise<unknown>>();

  constructor(readonly registration: FakeRegistration) {
    super();
    this.register.mockImplementation(() => Promise.resolve(registration));
  }

  /** A message from a worker (`source`: the one that sent it). */
  post(data: unknown, source: FakeWorker | null = null): void {
    const event = new MessageEvent('message', { data });
    Object.defineProperty(event, 'source', { value: source });
    this.dispatchEvent(event);
  }
}

type Listened = [type: string, listener: EventListenerOrEventListenerObject];

describe('registerServiceWorker', () => {
  let registration: FakeRegistration;
  let container: FakeContainer;
  let reload: ReturnType<typeof vi.fn>;
  let visibility: DocumentVisibilityState;
  let drafts: DraftRegistry;
  const added: { target: EventTarget; calls: Listened[] }[] = [];

  /** Records the listeners the code adds to window and document, to remove them afterwards. */
  const trackListeners = (target: Window | Document) => {
    const original = target.addEventListener.bind(target);
    const calls: Listened[] = [];
    added.push({ target, calls });
    vi.spyOn(target, 'addEventListener').mockImplementation(
      (type: string, listener: EventListenerOrEventListenerObject | null, options?: unknown) => {
        if (!listener) return; // adding no listener does nothing
        calls.push([type, listener]);
        original(type, listener, options as AddEventListenerOptions);
      },
    );
  };

  const register = async () => {
    let result: ServiceWorkerRegistration | null = null;
    await act(async () => {
      result = await registerServiceWorker(drafts);
    });
    return result as ServiceWorkerRegistration | null;
  };

  const installNewWorker = () => {
    let worker: FakeWorker | undefined;
    act(() => {
      worker = registration.installNewWorker();
    });
    return worker as FakeWorker;
  };
  const advance = (ms: number) => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };
  const post = (data: unknown, source: FakeWorker | null = null) => {
    act(() => {
      container.post(data, source);
    });
  };
  /** The worker becomes the page's controller (controllerchange). */
  const takeControl = (worker: FakeWorker) => {
    act(() => {
      container.controller = worker;
      container.dispatchEvent(new Event('controllerchange'));
    });
  };
  /** A text box gets unsent text; returns its release (the text sent or cleared). */
  const holdDraft = () => drafts.hold();
  const setVisibility = (next: DocumentVisibilityState) => {
    act(() => {
      visibility = next;
      document.dispatchEvent(new Event('visibilitychange'));
    });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
    drafts = createDraftRegistry();
    registration = new FakeRegistration();
    container = new FakeContainer(registration);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    vi.stubGlobal('isSecureContext', true);
    reload = vi.fn();
    // jsdom's location cannot be spied on; the page sees this stub instead while a test runs.
    vi.stubGlobal('location', { href: 'http://localhost:3000/', reload });
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    });
    trackListeners(window);
    trackListeners(document);
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    for (const { target, calls } of added.splice(0)) {
      for (const [type, listener] of calls) target.removeEventListener(type, listener);
    }
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(document, 'visibilityState');
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetToasts();
  });

  it('registers /sw.js for the whole origin and resolves the registration', async () => {
    await expect(register()).resolves.toBe(registration);
    expect(container.register).toHaveBeenCalledTimes(1);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does nothing when the first worker installs (no controller yet)', async () => {
    render(<Toaster />);
    await register();
    const worker = installNewWorker();
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Updating...')).not.toBeInTheDocument();
  });

  it('applies a worker that installs while another controls the page: SKIP_WAITING, "Updating..." for 3 s', async () => {
    render(<Toaster />);
    container.controller = new FakeWorker();
    await register();
    expect(screen.queryByText('Updating...')).not.toBeInTheDocument();

    const worker = installNewWorker();
    expect(worker.postMessage).toHaveBeenCalledTimes(1);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(screen.getByText('Updating...')).toBeInTheDocument();
    expect(screen.getByText('Wave will refresh in a moment.')).toBeInTheDocument();
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    // The page reloads when the worker takes control, not before.
    expect(reload).not.toHaveBeenCalled();

    advance(REFRESH_TOAST_MS - 1);
    expect(screen.getByText('Updating...')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Updating...')).not.toBeInTheDocument();
  });

  it('applies a worker already waiting when the page registers', async () => {
    render(<Toaster />);
    container.controller = new FakeWorker();
    const waiting = new FakeWorker();
    registration.waiting = waiting;
    await register();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(screen.getByText('Updating...')).toBeInTheDocument();
  });

  it('applies a worker that finishes installing, not one that fails to', async () => {
    container.controller = new FakeWorker();
    await register();
    const failing = new FakeWorker();
    act(() => {
      registration.installing = failing;
      registration.dispatchEvent(new Event('updatefound'));
    });
    act(() => {
      registration.installing = null;
      failing.setState('redundant');
    });
    expect(failing.postMessage).not.toHaveBeenCalled();
  });

  it('applies when the worker says UPDATE_AVAILABLE, and ignores other messages', async () => {
    container.controller = new FakeWorker();
    await register();
    const waiting = new FakeWorker();
    registration.waiting = waiting;

    post({ type: 'SOMETHING_ELSE' });
    post(null);
    expect(waiting.postMessage).not.toHaveBeenCalled();

    post({ type: 'UPDATE_AVAILABLE' });
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('while the member is writing, waits ("Update available" for 10 s) and applies once the text is sent or cleared', async () => {
    render(<Toaster />);
    container.controller = new FakeWorker();
    await register();
    const releaseDraft = holdDraft();

    const worker = installNewWorker();
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(screen.getByText('Update available')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A new version of Wave is ready. It loads once you send or clear your text.',
      ),
    ).toBeInTheDocument();
    // Nothing to press: updating now would throw the text away.
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    advance(FIRST_UPDATE_TOAST_MS - 1);
    expect(screen.getByText('Update available')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
    expect(worker.postMessage).not.toHaveBeenCalled();

    act(releaseDraft);
    expect(worker.postMessage).toHaveBeenCalledTimes(1);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(screen.getByText('Updating...')).toBeInTheDocument();
  });

  it('while the member is writing, applies once the page is hidden', async () => {
    container.controller = new FakeWorker();
    await register();
    holdDraft();
    const worker = installNewWorker();
    expect(worker.postMessage).not.toHaveBeenCalled();

    setVisibility('hidden');
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('applies at once in a hidden page, even with a draft', async () => {
    container.controller = new FakeWorker();
    await register();
    holdDraft();
    visibility = 'hidden';
    const worker = installNewWorker();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('reminds once as "New Wave Available!" for 15 s when found again while writing, never a third time', async () => {
    render(<Toaster />);
    container.controller = new FakeWorker();
    await register();
    const releaseDraft = holdDraft();
    installNewWorker();
    advance(FIRST_UPDATE_TOAST_MS);

    const newer = installNewWorker();
    expect(screen.getByText('New Wave Available!')).toBeInTheDocument();
    expect(
      screen.getByText('Wave will refresh once you send or clear your text.'),
    ).toBeInTheDocument();
    advance(SECOND_UPDATE_TOAST_MS - 1);
    expect(screen.getByText('New Wave Available!')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('New Wave Available!')).not.toBeInTheDocument();

    installNewWorker();
    post({ type: 'UPDATE_AVAILABLE' });
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
    expect(screen.queryByText('New Wave Available!')).not.toBeInTheDocument();

    // Once free, the worker waiting then is told, once.
    registration.waiting = newer;
    act(releaseDraft);
    expect(newer.postMessage).toHaveBeenCalledTimes(1);
  });

  it('reloads once when a new worker takes control, even if told twice or by SW_UPDATED too', async () => {
    const old = new FakeWorker();
    container.controller = old;
    await register();
    expect(reload).not.toHaveBeenCalled();
    const next = new FakeWorker();
    takeControl(next);
    expect(reload).toHaveBeenCalledTimes(1);
    takeControl(next);
    post({ type: 'SW_UPDATED' }, next);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when the new worker says SW_UPDATED', async () => {
    container.controller = new FakeWorker();
    await register();
    post({ type: 'SW_UPDATED' }, new FakeWorker());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores SW_UPDATED from the worker the page was loaded under (no reload loop)', async () => {
    const current = new FakeWorker();
    container.controller = current;
    await register();
    post({ type: 'SW_UPDATED' }, current);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload a page that no worker controlled when it loaded (a first visit)', async () => {
    await register();
    takeControl(new FakeWorker());
    post({ type: 'SW_UPDATED' }, new FakeWorker());
    expect(reload).not.toHaveBeenCalled();
  });

  it('while the member is writing, reloads only once the text is cleared (another tab applied the update)', async () => {
    render(<Toaster />);
    container.controller = new FakeWorker();
    await register();
    const releaseDraft = holdDraft();
    const worker = installNewWorker();
    expect(screen.getByText('Update available')).toBeInTheDocument();

    // Another tab sent SKIP_WAITING: the worker activates and takes this page too.
    act(() => {
      registration.waiting = null;
      registration.active = worker;
    });
    takeControl(worker);
    post({ type: 'SW_UPDATED' }, worker);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText('New Wave Available!')).toBeInTheDocument();

    act(releaseDraft);
    expect(reload).toHaveBeenCalledTimes(1);
    // Nothing was waiting any more: nothing to tell, no "Updating...".
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(screen.queryByText('Updating...')).not.toBeInTheDocument();
  });

  it('while the member is writing, reloads once the page is hidden', async () => {
    container.controller = new FakeWorker();
    await register();
    holdDraft();
    takeControl(new FakeWorker());
    expect(reload).not.toHaveBeenCalled();
    setVisibility('hidden');
    expect(reload).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    setVisibility('hidden');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks for updates every 30 s, every 60 s and every 5 minutes', async () => {
    await register();
    // Three independent intervals: at time t there have been t/30 s + t/60 s + t/300 s checks.
    const expected = (ms: number) =>
      Math.floor(ms / 30_000) + Math.floor(ms / 60_000) + Math.floor(ms / 300_000);
    let elapsed = 0;
    const checksAt = (ms: number) => {
      vi.advanceTimersByTime(ms - elapsed);
      elapsed = ms;
      return registration.update.mock.calls.length;
    };

    expect(registration.update).not.toHaveBeenCalled();
    expect(checksAt(29_999)).toBe(0);
    expect(checksAt(30_000)).toBe(1);
    expect(checksAt(59_999)).toBe(1);
    expect(checksAt(60_000)).toBe(3);
    expect(checksAt(299_999)).toBe(expected(299_999));
    expect(checksAt(300_000)).toBe(16);
    expect(checksAt(300_000)).toBe(expected(300_000));
    expect(checksAt(600_000)).toBe(expected(600_000));
  });

  it('checks for updates when the window gets focus', async () => {
    await register();
    act(() => {
      window.dispatchEvent(new FocusEvent('focus'));
    });
    expect(registration.update).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new FocusEvent('focus'));
    });
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('checks for updates when the tab becomes visible, not when it is hidden', async () => {
    await register();
    visibility = 'hidden';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(registration.update).not.toHaveBeenCalled();

    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(registration.update).toHaveBeenCalledTimes(1);
  });

  it('swallows a failed update check', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    // Not a vi.fn: a spy handles the promises it returns itself, which would hide a missing catch.
    let checks = 0;
    Object.defineProperty(registration, 'update', {
      value: () => {
        checks += 1;
        return Promise.reject(new Error('offline'));
      },
    });
    try {
      await register();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(30_000);
        window.dispatchEvent(new FocusEvent('focus'));
      });
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 0)); // Node reports rejections by now
      expect(checks).toBe(2);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('resolves null and logs when the registration fails, and listens to nothing', async () => {
    render(<Toaster />);
    const error = new Error('SecurityError');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    container.register.mockRejectedValue(error);
    container.controller = new FakeWorker();

    await expect(register()).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith('Service worker registration failed', error);

    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    post({ type: 'UPDATE_AVAILABLE' });
    vi.advanceTimersByTime(300_000);
    expect(reload).not.toHaveBeenCalled();
    expect(registration.update).not.toHaveBeenCalled();
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
  });

  it('resolves null where service workers are not supported', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect('serviceWorker' in navigator).toBe(false);
    await expect(register()).resolves.toBeNull();
    expect(container.register).not.toHaveBeenCalled();
  });

  it('resolves null outside a secure context', async () => {
    vi.stubGlobal('isSecureContext', false);
    await expect(register()).resolves.toBeNull();
    expect(container.register).not.toHaveBeenCalled();
  });
});

describe('registerServiceWorkerAfterLoad', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('registers after the load event, at the first quiet moment', () => {
    const register = vi.fn(() => Promise.resolve(null));
    const idle: { callback: IdleRequestCallback; options?: IdleRequestOptions }[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
        idle.push({ callback, options });
        return idle.length;
      },
    );
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    registerServiceWorkerAfterLoad(register);
    expect(idle).toHaveLength(0);

    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(idle[0]?.options).toEqual({ timeout: REGISTER_IDLE_TIMEOUT_MS });
    expect(register).not.toHaveBeenCalled();
    idle[0]?.callback({ didTimeout: false, timeRemaining: () => 10 });
    expect(register).toHaveBeenCalledTimes(1);
    // Once: a later load event (none comes, but) finds no listener left.
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
  });

  it('registers at once on a page already loaded, in a browser without idle callbacks', () => {
    const register = vi.fn(() => Promise.resolve(null));
    vi.stubGlobal('requestIdleCallback', undefined);
    Reflect.deleteProperty(window, 'requestIdleCallback');
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    registerServiceWorkerAfterLoad(register);
    expect(register).toHaveBeenCalledTimes(1);
  });
});
