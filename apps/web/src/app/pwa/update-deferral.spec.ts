import { createDraftRegistry } from '../../lib/unsent-drafts';
import { mayReloadNow, whenPageMayReload } from './update-deferral';

describe(mayReloadNow.name, () => {
  it.each([
    [false, 'visible', true],
    [false, 'hidden', true],
    [true, 'hidden', true],
    [true, 'visible', false],
  ] as const)(
    'unsent drafts: %s, page %s: may reload now: %s',
    (unsentDrafts, visibility, expected) => {
      expect(mayReloadNow({ unsentDrafts, visibility })).toBe(expected);
    },
  );
});

describe(whenPageMayReload.name, () => {
  let visibility: DocumentVisibilityState;

  const setVisibility = (next: DocumentVisibilityState) => {
    visibility = next;
    document.dispatchEvent(new Event('visibilitychange'));
  };

  beforeEach(() => {
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('acts at once when nothing is being written', () => {
    const drafts = createDraftRegistry();
    const action = vi.fn();
    expect(whenPageMayReload(drafts, action)).toBe(true);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('acts at once in a hidden page, even with a draft', () => {
    const drafts = createDraftRegistry();
    drafts.hold();
    visibility = 'hidden';
    const action = vi.fn();
    expect(whenPageMayReload(drafts, action)).toBe(true);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('waits for the last draft to be sent or cleared, then acts once', () => {
    const drafts = createDraftRegistry();
    const releaseComposer = drafts.hold();
    const releaseReply = drafts.hold();
    const action = vi.fn();

    expect(whenPageMayReload(drafts, action)).toBe(false);
    releaseComposer();
    expect(action).not.toHaveBeenCalled();
    releaseReply();
    expect(action).toHaveBeenCalledTimes(1);

    // Done with: later drafts and visibility changes do nothing more.
    drafts.hold()();
    setVisibility('hidden');
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('waits for the page to be hidden, then acts once', () => {
    const drafts = createDraftRegistry();
    const release = drafts.hold();
    const action = vi.fn();

    expect(whenPageMayReload(drafts, action)).toBe(false);
    setVisibility('visible');
    expect(action).not.toHaveBeenCalled();
    setVisibility('hidden');
    expect(action).toHaveBeenCalledTimes(1);

    setVisibility('visible');
    release();
    setVisibility('hidden');
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('keeps waiting while a new draft replaces the last one', () => {
    const drafts = createDraftRegistry();
    const release = drafts.hold();
    const action = vi.fn();
    whenPageMayReload(drafts, action);

    // A second box gets text before the first is cleared: still something to lose.
    const releaseNext = drafts.hold();
    release();
    expect(action).not.toHaveBeenCalled();
    releaseNext();
    expect(action).toHaveBeenCalledTimes(1);
  });
});
