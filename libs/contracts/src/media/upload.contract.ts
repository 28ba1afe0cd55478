import { z } from 'zod';
import { text } from '../common/text.contract';

/** Longer than any expiry (milliseconds) or signature (base64url HMAC) media writes. */
const CAPABILITY_MAX_LENGTH = 128;

/**
 * `PUT /objects/uploads/:id?expires=&signature=`: the upload URL's capability,
 * one value of each. Whether they are well formed, genuine and unexpired the
 * service checks (403, 410), as it does when they are missing.
 */
export const uploadUrlQuerySchema = z.object({
  expires: text('expires', {
    kind: 'line',
    max: CAPABILITY_MAX_LENGTH,
    messages: { notText: 'expires must be one value' },
  }).optional(),
  signature: text('signature', {
    kind: 'line',
    max: CAPABILITY_MAX_LENGTH,
    messages: { notText: 'signature must be one value' },
  }).optional(),
});
export type UploadUrlQuery = z.infer<typeof uploadUrlQuerySchema>;
