import { act, render, screen } from '@testing-library/react';
import { REVEAL_TIMEOUT_MS, RevealTogether, useRevealWhenLoaded } from './reveal-together';

function Part({ name, loading }: { name: string; loading: boolean }) {
  useRevealWhenLoaded(loading);
  return <section aria-label={name}>{loading ? 'Loading…' : name}</section>;
}

const group = () => screen.getByRole('complementary', { name: 'Sidebar' });

describe('RevealTogether', () => {
  afterEach(() => vi.useRealTimers());

  it('stays invisible from the first paint until none of its parts is loading', () => {
    const { rerender } = render(
      <RevealTogether aria-label="Sidebar" className="flex">
        <Part name="Trends" loading />
        <Part name="People" loading={false} />
      </RevealTogether>,
    );
    expect(group()).toHaveClass('invisible');
    expect(group()).toHaveClass('flex');
    expect(group()).toHaveAttribute('aria-busy', 'true');

    rerender(
      <RevealTogether aria-label="Sidebar" className="flex">
        <Part name="Trends" loading={false} />
        <Part name="People" loading={false} />
      </RevealTogether>,
    );
    expect(group()).not.toHaveClass('invisible');
    expect(group()).toHaveAttribute('aria-busy', 'false');
  });

  it('shows what it has once it has waited long enough', () => {
    vi.useFakeTimers();
    render(
      <RevealTogether aria-label="Sidebar">
        <Part name="Trends" loading />
      </RevealTogether>,
    );
    expect(group()).toHaveClass('invisible');
    act(() => {
      vi.advanceTimersByTime(REVEAL_TIMEOUT_MS - 1);
    });
    expect(group()).toHaveClass('invisible');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(group()).not.toHaveClass('invisible');
  });

  it('forgets a loading part that leaves, and is shown at once when nothing loads', () => {
    const { rerender } = render(
      <RevealTogether aria-label="Sidebar">
        <Part name="Trends" loading />
      </RevealTogether>,
    );
    expect(group()).toHaveClass('invisible');
    rerender(
      <RevealTogether aria-label="Sidebar">
        <p>Nothing to load</p>
      </RevealTogether>,
    );
    expect(group()).not.toHaveClass('invisible');
  });

  it('asks nothing of a part drawn outside a group', () => {
    render(<Part name="Trends" loading />);
    expect(screen.getByRole('region', { name: 'Trends' })).toHaveTextContent('Loading…');
  });
});
