import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOOLTIP_OPEN_DELAY_MS, Tooltip, TooltipProvider } from './tooltip';

function renderTwo() {
  render(
    <TooltipProvider>
      <Tooltip content="Like">
        <button type="button" aria-label="Like">
          ♥
        </button>
      </Tooltip>
      <Tooltip content="Share">
        <button type="button" aria-label="Share">
          ↗
        </button>
      </Tooltip>
    </TooltipProvider>,
  );
}

// A mouse over a control (Radix opens a tooltip on pointer moves that are not touches).
const hover = (name: string) =>
  act(() => {
    fireEvent.pointerMove(screen.getByRole('button', { name }), { pointerType: 'mouse' });
  });
const wait = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};
const tooltip = () => screen.queryByRole('tooltip');

describe('Tooltip', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // The skip-delay window needs a pointer leaving a real box (Radix computes a grace area from the
  // layout, which jsdom has not): the browser test checks it (apps/e2e/test/browser/quality).
  it('opens on hover after 700 ms', () => {
    renderTwo();
    hover('Like');
    wait(TOOLTIP_OPEN_DELAY_MS - 50);
    expect(tooltip()).not.toBeInTheDocument();
    wait(100);
    expect(tooltip()).toHaveTextContent('Like');
  });

  it('opens on keyboard focus at once and closes on Escape, keeping the focus', () => {
    renderTwo();
    const like = screen.getByRole('button', { name: 'Like' });
    act(() => like.focus());
    expect(tooltip()).toHaveTextContent('Like');
    expect(like).toHaveAccessibleDescription('Like');
    act(() => {
      fireEvent.keyDown(like, { key: 'Escape' });
    });
    expect(tooltip()).not.toBeInTheDocument();
    expect(like).toHaveFocus();
  });

  it('brings its own timing outside a provider', () => {
    render(
      <Tooltip content="Theme">
        <button type="button" aria-label="Theme">
          ☀
        </button>
      </Tooltip>,
    );
    hover('Theme');
    wait(TOOLTIP_OPEN_DELAY_MS - 50);
    expect(tooltip()).not.toBeInTheDocument();
    wait(100);
    expect(tooltip()).toHaveTextContent('Theme');
  });
});
