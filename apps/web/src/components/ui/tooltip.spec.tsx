import { act, fireEvent, render, screen } from '@testing-library/react';
import { HOVER_MEDIA, TOOLTIP_OPEN_DELAY_MS, Tooltip, TooltipProvider } from './tooltip';

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

/** A device whose pointer does not hover (jsdom has no matchMedia: it stands for one that does). */
const phone = () => {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query !== HOVER_MEDIA,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
};

describe('Tooltip', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

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
    // A keyboard in use: the first key puts the tooltips in place (before Tab moves the focus).
    fireEvent.keyDown(document.body, { key: 'Tab' });
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

  it('on a device that hovers, is put in place when drawn', () => {
    renderTwo();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('data-state', 'closed');
  });

  it('on a phone, is not put in place until a mouse moves over its control or Tab is pressed', () => {
    phone();
    renderTwo();
    // Radix marks its triggers with their state; a control drawn alone has none.
    const like = () => screen.getByRole('button', { name: 'Like' });
    const share = () => screen.getByRole('button', { name: 'Share' });
    expect(like()).not.toHaveAttribute('data-state');
    // A finger moving over it hovers nothing (jsdom has no PointerEvent: the type is set by hand).
    const touchMove = new MouseEvent('pointermove', { bubbles: true });
    Object.defineProperty(touchMove, 'pointerType', { value: 'touch' });
    act(() => {
      fireEvent(like(), touchMove);
    });
    expect(like()).not.toHaveAttribute('data-state');
    hover('Like');
    expect(like()).toHaveAttribute('data-state', 'closed');
    expect(share()).not.toHaveAttribute('data-state');
    // A letter typed (a phone's own keyboard, in a field) is not a keyboard moving the focus.
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(share()).not.toHaveAttribute('data-state');
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(share()).toHaveAttribute('data-state', 'closed');
  });

  it('on a phone, keeps the focus on a control redrawn by the first key', () => {
    phone();
    renderTwo();
    act(() => screen.getByRole('button', { name: 'Share' }).focus());
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' });
    const share = screen.getByRole('button', { name: 'Share' });
    expect(share).toHaveAttribute('data-state');
    expect(share).toHaveFocus();
  });

  it('on a phone, opens after the first move over its control, and lets the click through', () => {
    phone();
    const clicked = vi.fn();
    render(
      <TooltipProvider>
        <Tooltip content="Like">
          <button type="button" aria-label="Like" onClick={clicked}>
            ♥
          </button>
        </Tooltip>
      </TooltipProvider>,
    );
    hover('Like');
    // The move was handed on: the tooltip opens after the delay.
    wait(TOOLTIP_OPEN_DELAY_MS + 50);
    expect(tooltip()).toHaveTextContent('Like');
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(clicked).toHaveBeenCalledTimes(1);
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
