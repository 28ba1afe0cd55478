import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { useAuth } from '../../auth/api/current-user';
import { MESSAGES } from '../messages';

export type MemberAction = 'like' | 'retweet' | 'reply';

const SIGN_IN_MESSAGE: Record<MemberAction, string> = {
  like: MESSAGES.signInToLike,
  retweet: MESSAGES.signInToRetweet,
  reply: MESSAGES.signInToReply,
};

/** Tells a visitor to sign in (spec part 1, section 6). */
export const showSignInRequired = (action: MemberAction): void => {
  toast({ title: MESSAGES.signInRequiredTitle, description: SIGN_IN_MESSAGE[action] });
};

/**
 * Whether the reader may do a member action; a visitor is told to sign in.
 * While the user is still loading, nothing happens.
 */
export function useSignInGuard(): (action: MemberAction) => boolean {
  const { status } = useAuth();
  return useCallback(
    (action: MemberAction) => {
      if (status === 'authenticated') return true;
      if (status === 'unauthenticated') showSignInRequired(action);
      return false;
    },
    [status],
  );
}
