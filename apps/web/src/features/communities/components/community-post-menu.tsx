import type { CommunityPostResponse } from '@wave/contracts';
import { Copy, Ellipsis, Share2, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Tooltip } from '../../../components/ui/tooltip';
import { useDeleteCommunityPost } from '../api/delete-community-post';
import { copyToClipboard, useShareCommunityPost } from '../api/share-community-post';
import { MESSAGES } from '../messages';

/**
 * A post's more menu (spec part 2, section 2): Share Post, Copy Text and, when
 * the reader may (post.canDelete), Delete Post after a confirmation.
 */
export function CommunityPostMenu({
  post,
  onDeleted,
}: {
  post: CommunityPostResponse;
  /** After the post is deleted (its own page leaves for the community's). */
  onDeleted?: () => void;
}) {
  const share = useShareCommunityPost();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCommunityPost({
    onSuccess: () => {
      setConfirming(false);
      onDeleted?.();
    },
  });
  const trigger = useRef<HTMLButtonElement>(null);
  /** An item that opens the confirmation keeps focus there. */
  const focusMoves = useRef(false);

  return (
    <>
      <DropdownMenu
        modal={false}
        onOpenChange={(open) => {
          if (open) focusMoves.current = false;
        }}
      >
        <Tooltip content="More">
          <DropdownMenuTrigger asChild>
            <Button
              ref={trigger}
              variant="ghost"
              size="icon"
              aria-label="More options"
              className="-my-1.5 -mr-2 h-8 w-8 text-muted-foreground"
            >
              <Ellipsis className="h-5 w-5" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
        </Tooltip>
        <DropdownMenuContent
          onCloseAutoFocus={(event) => {
            if (focusMoves.current) event.preventDefault();
          }}
        >
          <DropdownMenuItem onSelect={() => void share(post)}>
            <Share2 className="h-4 w-4" aria-hidden="true" /> Share Post
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => void copyToClipboard(post.content, MESSAGES.textCopied)}
          >
            <Copy className="h-4 w-4" aria-hidden="true" /> Copy Text
          </DropdownMenuItem>
          {post.canDelete ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                destructive
                onSelect={() => {
                  focusMoves.current = true;
                  setConfirming(true);
                }}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete Post
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {post.canDelete ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete post?"
          description="This can't be undone. The post will be removed from the community."
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          destructive
          pending={remove.isPending}
          onConfirm={() => remove.mutate(post)}
          onCloseAutoFocus={(event) => {
            if (trigger.current?.isConnected) {
              event.preventDefault();
              trigger.current.focus();
            }
          }}
        />
      ) : null}
    </>
  );
}
