import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { useRef, useState } from 'react';
import { deferred, installDomShims } from '../../testing/test-utils';
import type * as PickerModule from './emoji-picker';

/** The picker's chunk, as the browser would fetch it: counted, held back or failing on demand. */
const chunk = { requests: 0, gate: null as Promise<unknown> | null, fail: false };

/** The real picker draws all ~1,900 emoji in jsdom (no virtual list): each opening takes a while. */
const OPENING_MS = 20_000;
/** Its search runs over them all before it announces what it found. */
const SEARCH_MS = 5_000;

let EmojiPicker: typeof PickerModule.EmojiPicker;

type PickerProps = Partial<ComponentProps<typeof PickerModule.EmojiPicker>>;

/** A text field and its picker, as a composer has them. */
function Composer(props: PickerProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  return (
    <>
      <textarea
        aria-label="Text"
        ref={field}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <EmojiPicker
        theme="dark"
        focusAfterPick={field}
        onPick={(emoji) => setText((current) => current + emoji)}
        {...props}
      />
    </>
  );
}

function renderPicker(props: PickerProps = {}) {
  installDomShims();
  const user = userEvent.setup();
  render(<Composer {...props} />);
  return {
    user,
    field: screen.getByRole('textbox', { name: 'Text' }),
    button: screen.getByRole('button', { name: 'Add emoji' }),
  };
}

const search = () => screen.findByRole('textbox', { name: 'Type to search for an emoji' });

/** Types a search into the open picker and answers the emoji found under this name. */
async function find(user: ReturnType<typeof userEvent.setup>, query: string, name = query) {
  await user.click(await search());
  await user.paste(query);
  // The picker announces its results once the search has run (cheaper to wait for than cells).
  await screen.findByText(/results? found/, {}, { timeout: SEARCH_MS });
  return screen.getByRole('gridcell', { name });
}
const pickerRoot = (dialog: HTMLElement) => dialog.querySelector('[data-epr-part="root"]');

describe('EmojiPicker', () => {
  beforeEach(async () => {
    // A fresh module each time, so every test sees the picker's chunk loaded for the first time.
    vi.resetModules();
    Object.assign(chunk, { requests: 0, gate: null, fail: false });
    vi.doMock('./emoji-picker-panel', async (importOriginal) => {
      chunk.requests += 1;
      if (chunk.gate) await chunk.gate;
      if (chunk.fail) throw new Error('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    ({ EmojiPicker } = await import('./emoji-picker'));
    localStorage.clear();
  });

  it('names itself in a tooltip after 700 ms (spec section 9), without loading the picker', () => {
    vi.useFakeTimers();
    try {
      const { button } = renderPicker();
      act(() => {
        fireEvent.pointerMove(button, { pointerType: 'mouse' });
      });
      act(() => {
        vi.advanceTimersByTime(650);
      });
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(100);
      });
      expect(screen.getByRole('tooltip')).toHaveTextContent('Add emoji');
      expect(chunk.requests).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it(
    'loads the picker only when opened, in a box of its size meanwhile',
    async () => {
      const held = deferred<void>();
      chunk.gate = held.promise;
      const { user, button } = renderPicker({ width: 300, height: 350 });
      expect(chunk.requests).toBe(0);

      await user.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Add emoji' });
      const loading = within(dialog).getByRole('status');
      expect(loading).toHaveTextContent('Loading emoji...');
      expect(loading).toHaveStyle({ width: '300px', height: '350px' });
      expect(chunk.requests).toBe(1);

      held.resolve();
      await waitFor(() => expect(loading).not.toBeInTheDocument());
      expect(pickerRoot(dialog)).toHaveStyle({ width: '300px', height: '350px' });
      // The search box takes the focus, ready for typing.
      await waitFor(async () => expect(await search()).toHaveFocus());
    },
    OPENING_MS,
  );

  it(
    "shows the search box, skin tones and the spec's categories in its order",
    async () => {
      const { user, button } = renderPicker();
      await user.click(button);
      expect(await search()).toHaveAttribute('placeholder', 'Search emoji');
      const tabs = within(screen.getByRole('tablist', { name: 'Category navigation' }))
        .getAllByRole('tab')
        .map((tab) => tab.getAttribute('aria-label'));
      // Custom has no tab: the app has no custom emoji.
      expect(tabs).toEqual([
        'Recently Used',
        'Smileys & People',
        'Animals & Nature',
        'Food & Drink',
        'Travel & Places',
        'Activities',
        'Objects',
        'Symbols',
        'Flags',
      ]);
      // Neutral plus five.
      expect(
        screen
          .getAllByRole('button', { name: /^Skin tone / })
          .map((tone) => tone.getAttribute('aria-label')),
      ).toEqual([
        'Skin tone NEUTRAL',
        'Skin tone LIGHT',
        'Skin tone MEDIUM_LIGHT',
        'Skin tone MEDIUM',
        'Skin tone MEDIUM_DARK',
        'Skin tone DARK',
      ]);
    },
    OPENING_MS,
  );

  it(
    'finds an emoji by name, hands it over, closes and gives focus back to the text',
    async () => {
      const { user, button, field } = renderPicker();
      await user.click(button);
      await user.click(await find(user, 'water wave'));
      expect(field).toHaveValue('🌊');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(field).toHaveFocus());

      // Reopened, it has it among the recently used, and loads nothing again.
      await user.click(button);
      await search();
      const recent = screen.getByText('Recently Used').closest('[data-epr-part="category"]');
      expect(recent?.querySelector('[data-epr-unified="1f30a"]')).not.toBeNull();
      expect(chunk.requests).toBe(1);
    },
    OPENING_MS,
  );

  it(
    'works from the keyboard: Enter picks the first match, Escape clears, then closes',
    async () => {
      const { user, button, field } = renderPicker();
      button.focus();
      await user.keyboard('{Enter}');
      const box = await search();
      await waitFor(() => expect(box).toHaveFocus());
      await user.paste('water wave');
      await screen.findByText(/results? found/, {}, { timeout: SEARCH_MS });
      await user.keyboard('{Enter}');
      await waitFor(() => expect(field).toHaveValue('🌊'));
      await waitFor(() => expect(field).toHaveFocus());

      button.focus();
      await user.keyboard('{Enter}');
      await waitFor(async () => expect(await search()).toHaveFocus());
      await user.paste('fire');
      await user.keyboard('{Escape}');
      expect(await search()).toHaveValue('');
      expect(screen.getByRole('dialog', { name: 'Add emoji' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(button).toHaveFocus());
      expect(field).toHaveValue('🌊');
    },
    OPENING_MS,
  );

  it(
    'says so when the picker cannot be loaded, and tries again',
    async () => {
      chunk.fail = true;
      // React reports the error the boundary catches; here it is expected.
      const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { user, button } = renderPicker({ height: 350 });
      await user.click(button);
      const failed = await screen.findByRole('alert');
      expect(failed).toHaveTextContent('The emoji picker could not be loaded.');
      expect(failed).toHaveStyle({ width: '300px', height: '350px' });

      chunk.fail = false;
      await user.click(within(failed).getByRole('button', { name: 'Try again' }));
      expect(await search()).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(chunk.requests).toBe(2);
      reported.mockRestore();
    },
    OPENING_MS,
  );

  it(
    "follows the app's theme",
    async () => {
      const { user, button } = renderPicker({ theme: 'system' });
      await user.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Add emoji' });
      await search();
      expect(pickerRoot(dialog)).toHaveClass('epr-auto-theme');
      expect(pickerRoot(dialog)).not.toHaveClass('epr-dark-theme');
    },
    OPENING_MS,
  );

  it(
    'draws native emoji for an image style whose pictures are not on our origin',
    async () => {
      const { user, button } = renderPicker({ emojiStyle: 'apple', imageBaseUrl: null });
      await user.click(button);
      const grinning = await find(user, 'grinning face');
      expect(grinning).toHaveTextContent('😀');
      expect(grinning.querySelector('img')).toBeNull();
    },
    OPENING_MS,
  );

  it(
    'draws an image style from our origin when its pictures are served there',
    async () => {
      const { user, button } = renderPicker({ emojiStyle: 'twitter', imageBaseUrl: '/emoji/' });
      await user.click(button);
      const grinning = await find(user, 'grinning face');
      expect(grinning.querySelector('img')).toHaveAttribute('src', '/emoji/twitter/64/1f600.png');
    },
    OPENING_MS,
  );
});
