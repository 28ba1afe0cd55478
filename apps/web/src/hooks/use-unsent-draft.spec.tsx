import { renderHook } from '@testing-library/react';
import { createDraftRegistry } from '../lib/unsent-drafts';
import { useUnsentDraft } from './use-unsent-draft';

describe(useUnsentDraft.name, () => {
  const setup = (unsent: boolean) => {
    const registry = createDraftRegistry();
    const sut = renderHook(({ unsent }) => useUnsentDraft(unsent, registry), {
      initialProps: { unsent },
    });
    return { registry, sut };
  };

  it('holds nothing while the box is empty', () => {
    const { registry } = setup(false);
    expect(registry.hasUnsentDrafts()).toBe(false);
  });

  it('holds a draft while the box has unsent text, and releases it once sent or cleared', () => {
    const { registry, sut } = setup(false);
    sut.rerender({ unsent: true });
    expect(registry.hasUnsentDrafts()).toBe(true);
    sut.rerender({ unsent: true });
    expect(registry.hasUnsentDrafts()).toBe(true);
    sut.rerender({ unsent: false });
    expect(registry.hasUnsentDrafts()).toBe(false);
  });

  it('releases the draft when the box goes away', () => {
    const { registry, sut } = setup(true);
    expect(registry.hasUnsentDrafts()).toBe(true);
    sut.unmount();
    expect(registry.hasUnsentDrafts()).toBe(false);
  });

  it('counts each box on its own', () => {
    const registry = createDraftRegistry();
    const composer = renderHook(() => useUnsentDraft(true, registry));
    const reply = renderHook(() => useUnsentDraft(true, registry));
    composer.unmount();
    expect(registry.hasUnsentDrafts()).toBe(true);
    reply.unmount();
    expect(registry.hasUnsentDrafts()).toBe(false);
  });
});
