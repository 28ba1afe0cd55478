import { z } from 'zod';

/**
 * Request/response calls between services (over Redis, only where an answer is
 * needed now). Requests and responses are validated on both sides.
 */
export const OBJECT_CLAIM_PURPOSES = [
  'tweet',
  'profile',
  'cover',
  'community-post',
  'community-icon',
] as const;
export type ObjectClaimPurpose = (typeof OBJECT_CLAIM_PURPOSES)[number];

export const rpcSchemas = {
  /**
   * Marks uploads as used by something (so they are kept), after checking that
   * each exists, is stored, and belongs to the owner. All or nothing.
   */
  'media.claim-objects': {
    request: z.object({
      ownerId: z.uuid(),
      objectPaths: z.array(z.string().max(600)).min(1).max(8),
      purpose: z.enum(OBJECT_CLAIM_PURPOSES),
    }),
    response: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true) }),
      z.object({
        ok: z.literal(false),
        reason: z.enum(['not-found', 'not-yours', 'not-an-upload']),
        objectPath: z.string(),
      }),
    ]),
  },
} as const;

export type RpcName = keyof typeof rpcSchemas;
export type RpcRequest<N extends RpcName> = z.infer<(typeof rpcSchemas)[N]['request']>;
export type RpcResponse<N extends RpcName> = z.infer<(typeof rpcSchemas)[N]['response']>;

/** The Redis channel of a call, under the deployment's key prefix. */
export const rpcChannel = (prefix: string, name: RpcName): string => `${prefix}rpc:${name}`;
