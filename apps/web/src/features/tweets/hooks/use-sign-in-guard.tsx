import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ToastAction } from '../../../components/ui/toast-action';
import { toast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth/api/current-user';
import { MESSAGES } from '../messages';

export type MemberAction = 'like' | 'retweet' | 'reply';

const SIGN_IN_MESSAGE: Record<MemberAction, string> = {
  like: MESSAGES.signInToLike,
  retweet: MESSAGES.signInToRetweet,
  reply: MESSAGES.signInToReply,
};

/** Tells a visitor to sign in (spec part 1, section 6), with a Sign in action that opens /auth. */
export const showSignInRequired = (action: MemberAction, signIn: () => void): void => {
  toast({
    title: MESSAGES.signInRequiredTitle,
    description: SIGN_IN_MESSAGE[action],
    action: (
      <ToastAction altText={MESSAGES.signIn} onClick={signIn}>
        {MESSAGES.signIn}
      </ToastAction>
    ),
  });
};

/**
 * Whether the reader may do a member action; a visitor is told to sign in.
 * While the user is still loading, nothing happens.
 */
export function useSignInGuard(): (action: MemberAction) => boolean {
  const { status } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    (action: MemberAction) => {
      if (status === 'authenticated') return true;
      if (status === 'unauthenticated') {
        showSignInRequired(action, () => void navigate(paths.auth.getHref()));
      }
      return false;
    },
    [status, navigate],
  );
}
