import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { userKeys } from '../../auth/api/current-user';
import { MESSAGES } from '../messages';

/** How long the 'Redirecting...' toast shows before /auth. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/**
 * A post refused with 401 (spec part 1, section 8): the Unauthorized toast,
 * the cached user re-read (the session is gone), then /auth.
 */
export function useUnauthorizedRedirect(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    toast({
      variant: 'destructive',
      title: MESSAGES.unauthorizedTitle,
      description: MESSAGES.unauthorizedPost,
    });
    void queryClient.invalidateQueries({ queryKey: userKeys.current });
    setTimeout(() => void navigate(paths.auth.getHref()), UNAUTHORIZED_REDIRECT_MS);
  }, [navigate, queryClient]);
}
