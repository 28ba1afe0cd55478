import type { TweetResponse } from '@wave/contracts';
import { Ellipsis, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import type { RefObject } from 'react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuOnDemand,
  DropdownMenuSeparator,
} from '../../../components/ui/dropdown-menu';
import { Tooltip } from '../../../components/ui/tooltip';
import { useDeleteTweet } from '../api/delete-tweet';
import { usePinTweet } from '../api/pin-tweet';
import { useUnpinTweet } from '../api/unpin-tweet';

/** The author's menu on their post: pin or unpin, edit, delete (after confirmation). */
export function TweetOptionsMenu({
  tweet,
  onEdit,
  onDeleted,
  triggerRef,
}: {
  tweet: TweetResponse;
  onEdit: () => void;
  onDeleted?: (tweet: TweetResponse) => void;
  /** The menu button, for focus to come back to (after an edit). */
  triggerRef?: RefObject<HTMLButtonElement | null>;
}) {
  const pin = usePinTweet();
  const unpin = useUnpinTweet();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTweet({
    onSuccess: (deleted) => {
      setConfirming(false);
      onDeleted?.(deleted);
    },
  });
  const ownTrigger = useRef<HTMLButtonElement>(null);
  const trigger = triggerRef ?? ownTrigger;
  /** An item that moves focus elsewhere (the edit box, the dialog) keeps it there. */
  const focusMoves = useRef(false);
  const pinning = pin.isPending || unpin.isPending;

  return (
    <>
      <DropdownMenuOnDemand
        modal={false}
        onOpenChange={(open) => {
          if (open) focusMoves.current = false;
        }}
        wrapTrigger={(button) => <Tooltip content="More">{button}</Tooltip>}
        trigger={
          <Button
            ref={trigger}
            variant="ghost"
            size="icon"
            aria-label="More options"
            className="-my-1.5 -mr-2 h-8 w-8 text-muted-foreground"
          >
            <Ellipsis className="h-5 w-5" aria-hidden="true" />
          </Button>
        }
      >
        <DropdownMenuContent
          onCloseAutoFocus={(event) => {
            if (focusMoves.current) event.preventDefault();
          }}
        >
          <DropdownMenuItem
            disabled={pinning}
            onSelect={() => (tweet.isPinned ? unpin.mutate(tweet) : pin.mutate(tweet))}
          >
            {tweet.isPinned ? (
              <>
                <PinOff className="h-4 w-4" aria-hidden="true" /> Unpin from profile
              </>
            ) : (
              <>
                <Pin className="h-4 w-4" aria-hidden="true" /> Pin to profile
              </>
            )}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              focusMoves.current = true;
              onEdit();
            }}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            destructive
            onSelect={() => {
              focusMoves.current = true;
              setConfirming(true);
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenuOnDemand>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete post?"
        description="This can't be undone. The post will be removed from your profile and from timelines."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate(tweet)}
        onCloseAutoFocus={(event) => {
          if (trigger.current?.isConnected) {
            event.preventDefault();
            trigger.current.focus();
          }
        }}
      />
    </>
  );
}
