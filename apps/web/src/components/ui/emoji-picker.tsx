import { Smile } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';
import { useRef } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './dropdown-menu';

/** Common emoji, with the names screen readers announce and typing finds. */
const EMOJI = [
  ['😀', 'grinning face'],
  ['😂', 'face with tears of joy'],
  ['🤣', 'rolling on the floor laughing'],
  ['😊', 'smiling face with smiling eyes'],
  ['😍', 'smiling face with heart-eyes'],
  ['🥰', 'smiling face with hearts'],
  ['😘', 'face blowing a kiss'],
  ['😎', 'smiling face with sunglasses'],
  ['🤔', 'thinking face'],
  ['🙃', 'upside-down face'],
  ['😉', 'winking face'],
  ['😅', 'grinning face with sweat'],
  ['😭', 'loudly crying face'],
  ['😢', 'crying face'],
  ['😡', 'enraged face'],
  ['😱', 'face screaming in fear'],
  ['🥳', 'partying face'],
  ['😴', 'sleeping face'],
  ['🤯', 'exploding head'],
  ['🙄', 'face with rolling eyes'],
  ['👍', 'thumbs up'],
  ['👎', 'thumbs down'],
  ['👏', 'clapping hands'],
  ['🙌', 'raising hands'],
  ['🙏', 'folded hands'],
  ['💪', 'flexed biceps'],
  ['👋', 'waving hand'],
  ['🤝', 'handshake'],
  ['✌️', 'victory hand'],
  ['👀', 'eyes'],
  ['❤️', 'red heart'],
  ['💔', 'broken heart'],
  ['🔥', 'fire'],
  ['✨', 'sparkles'],
  ['🎉', 'party popper'],
  ['💯', 'hundred points'],
  ['✅', 'check mark'],
  ['⭐', 'star'],
  ['🌊', 'water wave'],
  ['☀️', 'sun'],
  ['🌈', 'rainbow'],
  ['🚀', 'rocket'],
  ['💡', 'light bulb'],
  ['📷', 'camera'],
  ['☕', 'hot beverage'],
  ['🍕', 'pizza'],
  ['🎵', 'musical note'],
  ['🌱', 'seedling'],
] as const satisfies readonly (readonly [string, string])[];

/** Emoji per row of the grid. */
const EMOJI_COLUMNS = 8;

const GRID_STEPS: Partial<Record<string, number>> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -EMOJI_COLUMNS,
  ArrowDown: EMOJI_COLUMNS,
};

/** Arrow keys move through the grid: left and right by one, up and down by a row. */
function moveInGrid(event: KeyboardEvent<HTMLDivElement>): void {
  const step = GRID_STEPS[event.key];
  if (step === undefined) return;
  const item = event.currentTarget;
  const items = [...(item.parentElement?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const next = items[items.indexOf(item) + step];
  event.preventDefault();
  next?.focus();
}

/**
 * A small emoji picker: a button that opens a grid of common emoji. Keyboard:
 * Enter or Space opens it, arrow keys move through the grid (up and down by a
 * row), Home and End go to the ends, typing a name jumps to it, Enter picks,
 * Escape closes. `width` and `height` bound the popover (spec section 9:
 * 300 by 400 inline, 300 by 350 in the modal); `focusAfterPick` takes focus
 * back after a pick (the text field the emoji went into).
 */
export function EmojiPicker({
  onPick,
  width = 300,
  height = 400,
  focusAfterPick,
  disabled,
  label = 'Add emoji',
}: {
  onPick: (emoji: string) => void;
  width?: number;
  height?: number;
  focusAfterPick?: RefObject<HTMLElement | null>;
  disabled?: boolean;
  label?: string;
}) {
  const picked = useRef(false);
  return (
    <DropdownMenu
      modal={false}
      onOpenChange={(open) => {
        if (open) picked.current = false;
      }}
    >
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="ghost" size="icon" aria-label={label} className="text-primary">
          <Smile className="h-5 w-5" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="grid gap-0.5 overflow-y-auto"
        style={{
          width,
          maxHeight: height,
          gridTemplateColumns: `repeat(${EMOJI_COLUMNS}, minmax(0, 1fr))`,
        }}
        onCloseAutoFocus={(event) => {
          if (picked.current && focusAfterPick?.current) {
            event.preventDefault();
            focusAfterPick.current.focus();
          }
        }}
      >
        {EMOJI.map(([emoji, name]) => (
          <DropdownMenuItem
            key={name}
            aria-label={name}
            title={name}
            textValue={name}
            className={cn('justify-center px-0 py-1 text-xl leading-none')}
            onKeyDown={moveInGrid}
            onSelect={() => {
              picked.current = true;
              onPick(emoji);
            }}
          >
            {emoji}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
