import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { MESSAGES } from './messages';

/**
 * The description of a failed call (spec part 2, section 8): the server's own
 * message when it sent one, else the error's "<status>: <body>"; a call that
 * never reached the server gets a generic line.
 */
export const failureDescription = (error: unknown): string =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : MESSAGES.genericError;

/** The destructive toast of a failed action, titled as the spec's error catalogue says. */
export const toastFailure = (title: string, error: unknown): void => {
  toast({ variant: 'destructive', title, description: failureDescription(error) });
};
