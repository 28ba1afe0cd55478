import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Dialog, DialogContent } from './dialog';

/** A dialog opened from a button that is not its Radix Trigger (as the sidebar's Post button). */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open composer
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Create post">
          <label htmlFor="field">Text</label>
          <textarea id="field" />
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A dialog whose text box comes after a link: `initialFocus` puts focus on the box. */
function OpenerWithInitialFocus() {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open comments
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Add a comment" initialFocus={field}>
          <a href="/profile/grace">Grace Hopper</a>
          <label htmlFor="comment">Your comment</label>
          <textarea id="comment" ref={field} />
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent', () => {
  it('focuses the first field as it opens and gives focus back to the opener on Escape', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open composer' });
    await user.click(opener);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Text' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('gives focus back after the close button too', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open composer' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('starts on `initialFocus` when given, and still gives focus back', async () => {
    const user = userEvent.setup();
    render(<OpenerWithInitialFocus />);
    const opener = screen.getByRole('button', { name: 'Open comments' });
    await user.click(opener);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveFocus(),
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
