import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuOnDemand } from './dropdown-menu';

function renderMenu(onSelect = vi.fn(), onOpenChange = vi.fn()) {
  render(
    <DropdownMenuOnDemand
      modal={false}
      onOpenChange={onOpenChange}
      trigger={
        <button type="button" aria-label="Share">
          ↗
        </button>
      }
    >
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onSelect}>Copy link</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenuOnDemand>,
  );
  return { onSelect, onOpenChange };
}

const button = () => screen.getByRole('button', { name: 'Share' });

describe('DropdownMenuOnDemand', () => {
  it('draws its button alone, as a menu button, until it is opened', () => {
    renderMenu();
    expect(button()).toHaveAttribute('aria-haspopup', 'menu');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    // Radix's trigger marks its state; the button drawn alone has none.
    expect(button()).not.toHaveAttribute('data-state');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on a press of the primary button, and an item can be chosen', async () => {
    const user = userEvent.setup();
    const { onSelect, onOpenChange } = renderMenu();
    await user.click(button());
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // From then on it is Radix's menu: it opens again.
    await user.click(button());
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('does not open on another button, or with Ctrl (a context menu on a Mac)', () => {
    renderMenu();
    fireEvent.pointerDown(button(), { button: 2 });
    fireEvent.pointerDown(button(), { button: 0, ctrlKey: true });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it.each(['Enter', ' ', 'ArrowDown'])(
    'opens from the keyboard (%j) and gives the focus back on Escape',
    async (key) => {
      const user = userEvent.setup();
      renderMenu();
      act(() => button().focus());
      fireEvent.keyDown(button(), { key });
      expect(screen.getByRole('menu')).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(button()).toHaveFocus();
    },
  );

  it('ignores other keys', () => {
    renderMenu();
    fireEvent.keyDown(button(), { key: 'a' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
