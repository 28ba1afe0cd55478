import { act, render, screen } from '@testing-library/react';
import { TOASTER_PREFETCH_TIMEOUT_MS, ToasterOnDemand } from './toaster-on-demand';
import { resetToasts, toast } from './use-toast';

describe('ToasterOnDemand', () => {
  afterEach(() => {
    act(() => resetToasts());
    vi.unstubAllGlobals();
  });

  it('draws nothing before the first toast, then the toasts, the one shown before included', async () => {
    const { container } = render(<ToasterOnDemand />);
    expect(container).toBeEmptyDOMElement();
    act(() => {
      toast({ title: 'Link copied' });
    });
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    // The toasts' region, with Radix's F8 shortcut.
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeInTheDocument();
  });

  it('fetches the code when the page is first idle, at most 3 s later', () => {
    const idle = vi.fn((callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      void callback;
      void options;
      return 7;
    });
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const { unmount } = render(<ToasterOnDemand />);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle.mock.calls[0]?.[1]).toEqual({ timeout: TOASTER_PREFETCH_TIMEOUT_MS });
    unmount();
    expect(cancel).toHaveBeenCalledWith(7);
  });
});
