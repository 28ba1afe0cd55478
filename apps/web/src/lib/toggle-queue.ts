/**
 * Serialises on/off requests per key (a like, a retweet, a follow), the
 * Bluesky way: the interface shows the wish at once; one request per key is in
 * flight at a time; when it answers and the wish has changed meanwhile, the
 * next request sends the latest wish, so rapid toggles never race and taps
 * that cancel out cost nothing. On failure the last state the server confirmed
 * is handed back, to roll the interface back to.
 */
export interface ToggleRequest<S> {
  /** The server's state, taken when nothing is in flight for the key. */
  confirmed: S;
  /** The on/off value of a state. */
  valueOf: (state: S) => boolean;
  /** Asks the server for a value; answers its new state. */
  send: (value: boolean) => Promise<S>;
  /** Once the server holds the wish: its final state (only after a request). */
  onSettled?: (state: S) => void;
  /** After a failed request: the error and the last state the server confirmed. */
  onError?: (error: unknown, confirmed: S) => void;
}

interface Entry<S> {
  desired: boolean;
  confirmed: S;
  request: ToggleRequest<S>;
  done: Promise<void>;
}

export interface ToggleQueue<S> {
  /** Wishes `value` for `key`; resolves when the key has no request left in flight. */
  request(key: string, value: boolean, request: ToggleRequest<S>): Promise<void>;
  /** Whether a request for the key is in flight. */
  isBusy(key: string): boolean;
}

export function createToggleQueue<S>(): ToggleQueue<S> {
  const entries = new Map<string, Entry<S>>();

  async function drain(key: string, entry: Entry<S>): Promise<void> {
    let answered = false;
    try {
      while (entry.request.valueOf(entry.confirmed) !== entry.desired) {
        const target = entry.desired;
        entry.confirmed = await entry.request.send(target);
        answered = true;
        // The server said otherwise: believe it rather than ask forever.
        if (entry.request.valueOf(entry.confirmed) !== target) break;
      }
    } catch (error) {
      entries.delete(key);
      entry.request.onError?.(error, entry.confirmed);
      return;
    }
    entries.delete(key);
    if (answered) entry.request.onSettled?.(entry.confirmed);
  }

  return {
    request(key, value, request) {
      const running = entries.get(key);
      if (running) {
        running.desired = value;
        running.request = { ...request, confirmed: running.confirmed };
        return running.done;
      }
      const entry: Entry<S> = {
        desired: value,
        confirmed: request.confirmed,
        request,
        done: Promise.resolve(),
      };
      entries.set(key, entry);
      entry.done = drain(key, entry);
      return entry.done;
    },
    isBusy: (key) => entries.has(key),
  };
}
