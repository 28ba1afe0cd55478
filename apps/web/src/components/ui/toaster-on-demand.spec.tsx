import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Toaster } from './toaster';
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

  it('fetches the code when the page is first idle, at most 3 s later', async () => {
    let whenIdle: IdleRequestCallback | undefined;
    const idle = vi.fn((callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      whenIdle = callback;
      void options;
      return 7;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const load = vi.fn(() => Promise.resolve<ComponentType>(Toaster));
    render(<ToasterOnDemand load={load} />);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle.mock.calls[0]?.[1]).toEqual({ timeout: TOASTER_PREFETCH_TIMEOUT_MS });
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      whenIdle?.({} as IdleDeadline);
      await load.mock.results[0]?.value;
    });
    expect(load).toHaveBeenCalledTimes(1);
    // Loaded ahead: the first toast is drawn with no further fetch.
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('survives a fetch that fails, and tries again at the next toast', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Toaster);
    const { container } = render(<ToasterOnDemand load={load} />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    act(() => {
      toast({ title: 'First' });
    });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(container).toBeEmptyDOMElement();
    act(() => {
      toast({ title: 'Second' });
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(debug).toHaveBeenCalledWith('The toasts could not be loaded', expect.any(TypeError));
    debug.mockRestore();
  });
});
