import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const draw = (Page: (props: { name: string }) => React.JSX.Element) =>
  render(
    <Suspense fallback={<p>Loading page</p>}>
      <Page name="Ada" />
    </Suspense>,
  );

describe('lazyPage', () => {
  it('draws a preloaded page at once, without a fallback, and loads its code once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Page = lazyPage(load);
    await Page.preload();
    draw(Page);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    await Page.preload();
    expect(load).toHaveBeenCalledOnce();
  });

  it('suspends a page whose code has not arrived, then draws it', async () => {
    let arrive: (module: { default: typeof Greeting }) => void = () => undefined;
    const Page = lazyPage<{ name: string }>(() => new Promise((resolve) => (arrive = resolve)));
    draw(Page);
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    act(() => arrive({ default: Greeting }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('asks again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Greeting });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    draw(Page);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
