import type { LoginRequest, RegisterRequest, UserResponse } from '@wave/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { api, messageOf } from '../../../lib/api-client';
import { userKeys } from './current-user';

/** Redirect delays after success (spec section 9). */
export const LOGIN_REDIRECT_MS = 300;
export const REGISTER_REDIRECT_MS = 200;

export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: LoginRequest) => api.post<UserResponse>('/api/login', body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.current, user);
      toast({ title: 'Welcome back!' });
      setTimeout(() => void navigate(paths.home.getHref()), LOGIN_REDIRECT_MS);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Login failed',
        description: messageOf(error, 'Login failed'),
      }),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: RegisterRequest) => api.post<UserResponse>('/api/register', body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.current, user);
      // The spec's 'Welcome to the product!' names the product by a placeholder: ours is Wave.
      toast({ title: 'Welcome to Wave!' });
      setTimeout(() => void navigate(paths.home.getHref()), REGISTER_REDIRECT_MS);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Registration failed',
        description: messageOf(error, 'Registration failed'),
      }),
  });
}

/** Logs out: the cached user becomes null, every cached datum goes, then /auth and a toast. */
export function useLogout(onDone?: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<void>('/api/logout'),
    onSuccess: () => {
      queryClient.setQueryData(userKeys.current, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== userKeys.current[0],
      });
      onDone?.();
      void navigate(paths.auth.getHref());
      toast({ title: 'Logged out', description: "You've been successfully logged out." });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Logout failed', description: error.message }),
  });
}
