import { z } from 'zod';

/** Every error leaves a service as this body, with the matching HTTP status. */
export interface ErrorResponse {
  message: string;
}

/** The same shape as a schema, for the API's documentation (every error response names it). */
export const errorResponseSchema = z.object({
  message: z.string(),
}) satisfies z.ZodType<ErrorResponse>;
