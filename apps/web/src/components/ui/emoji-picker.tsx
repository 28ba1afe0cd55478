import { Smile } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Component, lazy, Suspense, useRef, useState } from 'react';
import { EMOJI_IMAGE_BASE_URL, EMOJI_STYLE } from '../../config/emoji-picker';
import type { EmojiStyleName } from '../../lib/emoji-style';
import { Button } from './button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './dropdown-menu';
import { Tooltip } from './tooltip';
import type { AppTheme, EmojiPickerPanelProps } from './emoji-picker-panel';

const loadPanel = () =>
  import('./emoji-picker-panel').then((module) => ({ default: module.EmojiPickerPanel }));

/**
 * The picker's code (emoji-picker-react and its emoji data), fetched the first time a picker
 * opens and shared by every picker after that. A failed fetch stays failed in its lazy
 * component, so "Try again" makes a new one.
 */
let Panel = lazy(loadPanel);
const retryPanel = () => {
  Panel = lazy(loadPanel);
};

/** Shows `fallback` instead of children that threw: here, the picker's chunk failing to load. */
class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The box the picker will fill, while its code loads or when it could not. */
function PickerBox({
  width,
  height,
  role,
  children,
}: {
  width: number;
  height: number;
  role: 'status' | 'alert';
  children: ReactNode;
}) {
  return (
    <div
      role={role}
      style={{ width, height }}
      className="flex flex-col items-center justify-center gap-3 rounded-lg border border-border bg-card p-4 text-center text-sm text-muted-foreground"
    >
      {children}
    </div>
  );
}

function LoadedPanel(props: EmojiPickerPanelProps) {
  const [attempt, setAttempt] = useState(0);
  const { width, height } = props;
  return (
    <LoadBoundary
      key={attempt}
      fallback={
        <PickerBox width={width} height={height} role="alert">
          <p>The emoji picker could not be loaded. Check your connection and try again.</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              retryPanel();
              setAttempt((count) => count + 1);
            }}
          >
            Try again
          </Button>
        </PickerBox>
      }
    >
      <Suspense
        fallback={
          <PickerBox width={width} height={height} role="status">
            Loading emoji...
          </PickerBox>
        }
      >
        <Panel {...props} />
      </Suspense>
    </LoadBoundary>
  );
}

/**
 * The composers' emoji picker: a button that opens emoji-picker-react (search, recently used,
 * the spec's categories, skin tones) in a popover, loaded the first time it opens. Choosing an
 * emoji hands it to `onPick`, closes the picker and gives focus back to `focusAfterPick` (the
 * text field it went into). Escape clears a search, then closes the picker and gives focus back
 * to the button. `width` and `height` are the picker's size (spec section 9: 300 by 400 inline,
 * 300 by 350 in the modal); `theme` is the app's, which the picker follows; `emojiStyle` is
 * drawn only when `imageBaseUrl` serves its pictures from this origin, else native.
 */
export function EmojiPicker({
  onPick,
  theme,
  width = 300,
  height = 400,
  focusAfterPick,
  disabled,
  label = 'Add emoji',
  emojiStyle = EMOJI_STYLE,
  imageBaseUrl = EMOJI_IMAGE_BASE_URL,
}: {
  onPick: (emoji: string) => void;
  theme: AppTheme;
  width?: number;
  height?: number;
  focusAfterPick?: RefObject<HTMLElement | null>;
  disabled?: boolean;
  label?: string;
  emojiStyle?: EmojiStyleName;
  imageBaseUrl?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const picked = useRef(false);
  return (
    <DropdownMenu
      modal={false}
      open={open}
      onOpenChange={(next) => {
        if (next) picked.current = false;
        setOpen(next);
      }}
    >
      <Tooltip content={label}>
        <DropdownMenuTrigger asChild disabled={disabled}>
          <Button
            variant="ghost"
            size="icon"
            aria-label={label}
            aria-haspopup="dialog"
            className="text-primary"
          >
            <Smile className="h-5 w-5" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
      </Tooltip>
      {/* Radix's menu gives the popover its placement, outside clicks and Escape; the picker is
          a dialog (a search box and a grid), not a list of menu items. */}
      <DropdownMenuContent
        align="start"
        role="dialog"
        aria-orientation={undefined}
        className="min-w-0 rounded-lg border-0 bg-transparent p-0 shadow-lg"
        onFocus={(event) => {
          // The menu focuses its own box when it opens; the picker wants its search box. (Its
          // own autofocus loses to a modal dialog's focus trap when the picker's code is
          // already loaded: the search box mounts before the menu's focus scope takes over.)
          if (event.target !== event.currentTarget) return;
          event.currentTarget.querySelector<HTMLElement>('[data-epr-part="search-input"]')?.focus();
        }}
        onCloseAutoFocus={(event) => {
          if (picked.current && focusAfterPick?.current) {
            event.preventDefault();
            focusAfterPick.current.focus();
          }
        }}
      >
        {/* The picker handles its own keys: the menu's would swallow Tab and run a typeahead
            over menu items on every letter typed in the search box. (Escape reaches the menu
            all the same: it listens on the document, before this.) */}
        <div onKeyDown={(event) => event.stopPropagation()}>
          <LoadedPanel
            width={width}
            height={height}
            theme={theme}
            emojiStyle={emojiStyle}
            imageBaseUrl={imageBaseUrl}
            onPick={(emoji) => {
              picked.current = true;
              onPick(emoji);
              setOpen(false);
            }}
          />
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
