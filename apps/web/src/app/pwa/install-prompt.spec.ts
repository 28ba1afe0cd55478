import { dismissalHolds, REPROMPT_AFTER_MS } from './install-prompt';

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
