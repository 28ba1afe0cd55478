import { createDraftRegistry } from './unsent-drafts';

describe(createDraftRegistry.name, () => {
  it('has no unsent drafts at first', () => {
    const sut = createDraftRegistry();
    expect(sut.hasUnsentDrafts()).toBe(false);
  });

  it('has unsent drafts while any is held, and none once all are released', () => {
    const sut = createDraftRegistry();
    const releaseComposer = sut.hold();
    const releaseReply = sut.hold();
    expect(sut.hasUnsentDrafts()).toBe(true);

    releaseComposer();
    expect(sut.hasUnsentDrafts()).toBe(true);
    releaseReply();
    expect(sut.hasUnsentDrafts()).toBe(false);
  });

  it('releases a draft once, however often its release is called', () => {
    const sut = createDraftRegistry();
    const release = sut.hold();
    const other = sut.hold();
    release();
    release();
    expect(sut.hasUnsentDrafts()).toBe(true);
    other();
    expect(sut.hasUnsentDrafts()).toBe(false);
  });

  it('tells subscribers of every hold and release, and no more after they unsubscribe', () => {
    const sut = createDraftRegistry();
    const seen: boolean[] = [];
    const unsubscribe = sut.subscribe(() => seen.push(sut.hasUnsentDrafts()));

    const release = sut.hold();
    release();
    release(); // already released: nothing changed, nothing said
    expect(seen).toEqual([true, false]);

    unsubscribe();
    sut.hold();
    expect(seen).toEqual([true, false]);
  });

  it('lets a subscriber unsubscribe while being told, without skipping the others', () => {
    const sut = createDraftRegistry();
    const calls: string[] = [];
    const unsubscribeFirst = sut.subscribe(() => {
      calls.push('first');
      unsubscribeFirst();
    });
    sut.subscribe(() => calls.push('second'));

    sut.hold();
    sut.hold();
    expect(calls).toEqual(['first', 'second', 'second']);
  });

  it('keeps registries apart', () => {
    const one = createDraftRegistry();
    const two = createDraftRegistry();
    one.hold();
    expect(two.hasUnsentDrafts()).toBe(false);
  });
});
