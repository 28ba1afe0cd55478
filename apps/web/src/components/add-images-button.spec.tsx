import { act, fireEvent, render, screen } from '@testing-library/react';
import { AddImagesButton } from './add-images-button';
import { TOOLTIP_OPEN_DELAY_MS } from './ui/tooltip';

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name);

function renderButton(props: Partial<Parameters<typeof AddImagesButton>[0]> = {}) {
  const onFiles = vi.fn<(files: File[]) => void>();
  render(
    <AddImagesButton label="Add images (up to 4)" testId="images" onFiles={onFiles} {...props} />,
  );
  const input = screen.getByTestId<HTMLInputElement>('images');
  const choose = (files: File[]) => {
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    fireEvent.change(input);
  };
  return {
    onFiles,
    input,
    choose,
    button: screen.getByRole('button', { name: 'Add images (up to 4)' }),
  };
}

describe('AddImagesButton', () => {
  it('names itself in a tooltip after 700 ms (spec section 9)', () => {
    vi.useFakeTimers();
    try {
      const { button } = renderButton();
      act(() => {
        fireEvent.pointerMove(button, { pointerType: 'mouse' });
      });
      act(() => {
        vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS - 50);
      });
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(100);
      });
      expect(screen.getByRole('tooltip')).toHaveTextContent('Add images (up to 4)');
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the chooser of a hidden input that takes images only', () => {
    const { input, button } = renderButton();
    const click = vi.spyOn(input, 'click');
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('aria-hidden', 'true');
    expect(input.tabIndex).toBe(-1);
  });

  it('hands on every chosen file when multiple, and empties the input for the same file again', () => {
    const { onFiles, input, choose } = renderButton({ multiple: true });
    expect(input).toHaveAttribute('multiple');
    const files = [png('a.png'), png('b.png')];
    choose(files);
    expect(onFiles).toHaveBeenCalledWith(files);
    expect(input.value).toBe('');
  });

  it('hands on one file at most unless multiple, and nothing for a cancelled choice', () => {
    const { onFiles, input, choose } = renderButton();
    expect(input).not.toHaveAttribute('multiple');
    const first = png('a.png');
    choose([first, png('b.png')]);
    expect(onFiles).toHaveBeenCalledWith([first]);
    choose([]);
    expect(onFiles).toHaveBeenCalledTimes(1);
  });

  it('cannot be used while disabled', () => {
    const { input, button } = renderButton({ disabled: true });
    const click = vi.spyOn(input, 'click');
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(click).not.toHaveBeenCalled();
  });
});
