import { canShareNatively, isShareCancel, shareTargets, shareText } from './share-links';

describe('share links', () => {
  it('builds the tweet intent, sharer and messaging links, encoded', () => {
    const targets = shareTargets({ text: 'Hi & bye', url: 'https://wave.test/tweet/1' });
    const intent = new URL(targets.tweetIntent);
    expect(intent.origin + intent.pathname).toBe('https://twitter.com/intent/tweet');
    expect(intent.searchParams.get('text')).toBe('Hi & bye');
    expect(intent.searchParams.get('url')).toBe('https://wave.test/tweet/1');
    const sharer = new URL(targets.sharer);
    expect(sharer.origin + sharer.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(sharer.searchParams.get('u')).toBe('https://wave.test/tweet/1');
    const messaging = new URL(targets.messaging);
    expect(messaging.origin).toBe('https://wa.me');
    expect(messaging.searchParams.get('text')).toBe('Hi & bye https://wave.test/tweet/1');
  });

  it('shares only the url as text when there is no text', () => {
    const messaging = new URL(shareTargets({ text: '', url: 'https://w.test/' }).messaging);
    expect(messaging.searchParams.get('text')).toBe('https://w.test/');
  });

  it('recognises a cancelled share', () => {
    expect(isShareCancel(new DOMException('cancel', 'AbortError'))).toBe(true);
    expect(isShareCancel(new Error('nope'))).toBe(false);
    expect(isShareCancel(null)).toBe(false);
  });

  it('knows whether the native share sheet exists', () => {
    const original = navigator.share;
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    expect(canShareNatively()).toBe(false);
    Object.defineProperty(navigator, 'share', {
      value: () => Promise.resolve(),
      configurable: true,
    });
    expect(canShareNatively()).toBe(true);
    Object.defineProperty(navigator, 'share', { value: original, configurable: true });
  });

  it('cuts long text by code points', () => {
    expect(shareText('  short  ')).toBe('short');
    expect(shareText('🌊'.repeat(5), 3)).toBe('🌊🌊…');
  });
});
