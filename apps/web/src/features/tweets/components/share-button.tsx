import type { TweetResponse } from '@wave/contracts';
import { Link2, Share } from 'lucide-react';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuOnDemand,
  DropdownMenuSeparator,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import type { ShareData } from '../../../lib/share-links';
import { canShareNatively, isShareCancel, shareTargets, shareText } from '../../../lib/share-links';
import { MESSAGES } from '../messages';
import { ActionButton } from '../../../components/action-button';

/** What a post is shared as: its page, a title and the start of its text. */
const shareDataOf = (tweet: TweetResponse): ShareData => ({
  title: `Post by @${tweet.author.username}`,
  text: shareText(tweet.content),
  url: new URL(paths.tweet.getHref(tweet.id), window.location.origin).href,
});

/** The native share sheet; closing it is no error, anything else is only logged. */
async function shareNatively(data: ShareData): Promise<void> {
  try {
    await navigator.share(data);
  } catch (error) {
    if (!isShareCancel(error)) console.error('Sharing failed', error);
  }
}

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: MESSAGES.linkCopied });
  } catch {
    toast({ variant: 'destructive', title: MESSAGES.errorTitle, description: MESSAGES.copyFailed });
  }
}

/**
 * Share: the device's share sheet when it has one; otherwise a menu with the
 * share targets (each in a new window) and Copy link, put in place when first opened.
 */
export function ShareButton({ tweet }: { tweet: TweetResponse }) {
  if (canShareNatively()) {
    return (
      <ActionButton
        label="Share"
        icon={Share}
        onClick={() => void shareNatively(shareDataOf(tweet))}
      />
    );
  }
  return (
    <DropdownMenuOnDemand modal={false} trigger={<ActionButton label="Share" icon={Share} />}>
      <ShareMenuContent tweet={tweet} />
    </DropdownMenuOnDemand>
  );
}

function ShareMenuContent({ tweet }: { tweet: TweetResponse }) {
  const data = shareDataOf(tweet);
  const targets = shareTargets(data);
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <DropdownMenuContent>
      <DropdownMenuItem asChild>
        <a href={targets.tweetIntent} {...external}>
          Share on X (Twitter)
        </a>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <a href={targets.sharer} {...external}>
          Share on Facebook
        </a>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <a href={targets.messaging} {...external}>
          Share on WhatsApp
        </a>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => void copyLink(data.url)}>
        <Link2 className="h-4 w-4" aria-hidden="true" />
        Copy link
      </DropdownMenuItem>
    </DropdownMenuContent>
  );
}
