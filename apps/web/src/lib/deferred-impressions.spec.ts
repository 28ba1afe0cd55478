import { DeferredImpressionObserver } from './deferred-impressions';
import type { ImpressionObserver } from './impression-reporter';

/** A reporter that records what it watches. */
function recordingReporter() {
  const watching = new Map<Element, string>();
  const reporter: ImpressionObserver = {
    observe(element, id) {
      watching.set(element, id);
      return () => watching.delete(element);
    },
  };
  return { reporter, watching };
}

describe('DeferredImpressionObserver', () => {
  it('hands the posts drawn before the reporter loaded over to it', () => {
    const deferred = new DeferredImpressionObserver();
    const first = document.createElement('article');
    const second = document.createElement('article');
    deferred.observe(first, 'a');
    deferred.observe(second, 'b');
    expect(deferred.waitingCount).toBe(2);

    const { reporter, watching } = recordingReporter();
    deferred.attach(reporter);
    expect([...watching.values()]).toEqual(['a', 'b']);
    expect(deferred.waitingCount).toBe(0);
  });

  it('forgets a post that left the screen before the reporter loaded', () => {
    const deferred = new DeferredImpressionObserver();
    const gone = document.createElement('article');
    const kept = document.createElement('article');
    const stop = deferred.observe(gone, 'gone');
    deferred.observe(kept, 'kept');
    stop();

    const { reporter, watching } = recordingReporter();
    deferred.attach(reporter);
    expect([...watching.values()]).toEqual(['kept']);
  });

  it('stops the reporter watching a post handed over, and watches new ones at once', () => {
    const deferred = new DeferredImpressionObserver();
    const early = document.createElement('article');
    const stopEarly = deferred.observe(early, 'early');
    const { reporter, watching } = recordingReporter();
    deferred.attach(reporter);

    const late = document.createElement('article');
    const stopLate = deferred.observe(late, 'late');
    expect(watching.get(late)).toBe('late');

    stopEarly();
    stopLate();
    expect(watching.size).toBe(0);
  });
});
