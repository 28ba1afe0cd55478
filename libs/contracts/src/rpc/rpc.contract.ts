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

/** The most rows one page of a rebuild call may ask for. */
export const RPC_PAGE_LIMIT_MAX = 1000;

/** The most subjects one call about claims (`*-exist`, `*-images`, `*-icons`) may ask about. */
export const SUBJECTS_EXIST_MAX = 500;

const pageLimit = z.number().int().min(1).max(RPC_PAGE_LIMIT_MAX);
const isoDate = z.iso.datetime({ offset: true });
/** A follow, and the keyset position of `identity.follows-page`. */
const followKey = z.object({ followerId: z.uuid(), followeeId: z.uuid() });
const subjectIds = z.array(z.uuid()).min(1).max(SUBJECTS_EXIST_MAX);
/** The asked ids that exist (in no particular order); the rest do not. */
const existing = z.object({ existing: z.array(z.uuid()) });

export const rpcSchemas = {
  /**
   * Marks uploads as used by something (so they are kept), after checking that
   * each exists, is stored, and belongs to the owner. All or nothing. The
   * claim names what uses them, `purpose` and `subjectId` (the tweet, the
   * community post, the community for its icon, the user for a profile or
   * cover image): media deletes an upload once no claim on it is left (the
   * tweet or post deleted, the avatar or cover replaced). Claim as the last
   * step before the write that records the use, once every check passed.
   * `claimId` names the claims this call made anew (not those the subject held
   * already, nor those another call made too): what `media.release-claims`
   * gives back if the write fails. A use claimed again starts over unverified.
   */
  'media.claim-objects': {
    request: z.object({
      ownerId: z.uuid(),
      objectPaths: z.array(z.string().max(600)).min(1).max(8),
      purpose: z.enum(OBJECT_CLAIM_PURPOSES),
      subjectId: z.uuid(),
    }),
    response: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), claimId: z.uuid() }),
      z.object({
        ok: z.literal(false),
        reason: z.enum(['not-found', 'not-yours', 'not-an-upload']),
        objectPath: z.string(),
      }),
    ]),
  },
  /**
   * Gives back the claims a `media.claim-objects` call (its `claimId`) made for
   * a write that then failed (rolled back): the owner's uploads stop being
   * used by the subject. Claims another call made as well, and claims media
   * has verified since (their subject exists), are never given back this way.
   * The uploads are kept (the user may retry with them): one left with no
   * claim is unclaimed again, and deleted by the clean-up only
   * UNCLAIMED_TTL_SECONDS from now. Idempotent.
   */
  'media.release-claims': {
    request: z.object({
      ownerId: z.uuid(),
      purpose: z.enum(OBJECT_CLAIM_PURPOSES),
      subjectId: z.uuid(),
      claimId: z.uuid(),
    }),
    response: z.object({ released: z.number().int().min(0) }),
  },
  /**
   * Which of these tweets (replies included) exist: media's clean-up asks
   * before it keeps the tweet claims it has not verified yet.
   */
  'timeline.tweets-exist': { request: z.object({ ids: subjectIds }), response: existing },
  /** Which of these community posts exist; as `timeline.tweets-exist`. */
  'communities.posts-exist': { request: z.object({ ids: subjectIds }), response: existing },
  /**
   * The current profile and cover images (as stored: an object path, or null)
   * of those of these users that exist; the others do not. Media's clean-up
   * keeps an unverified profile or cover claim only while its upload is the
   * user's current image of that kind.
   */
  'identity.user-images': {
    request: z.object({ ids: subjectIds }),
    response: z.object({
      users: z.array(
        z.object({
          id: z.uuid(),
          profileImageUrl: z.string().nullable(),
          coverImageUrl: z.string().nullable(),
        }),
      ),
    }),
  },
  /** The current icon of those of these communities that exist; as `identity.user-images`. */
  'communities.community-icons': {
    request: z.object({ ids: subjectIds }),
    response: z.object({
      communities: z.array(z.object({ id: z.uuid(), iconUrl: z.string().nullable() })),
    }),
  },
  /**
   * Which of these users `followerId` follows now, and which of these communities `userId` is a
   * member of now: recommendations leaves out at once whom a member just followed and what they
   * just joined, before its own projection hears of it.
   */
  'identity.followed-among': {
    request: z.object({ followerId: z.uuid(), ids: subjectIds }),
    response: z.object({ followed: z.array(z.uuid()) }),
  },
  'communities.joined-among': {
    request: z.object({ userId: z.uuid(), ids: subjectIds }),
    response: z.object({ joined: z.array(z.uuid()) }),
  },
  /**
   * Every user, in id order, `limit` at a time: what `user.registered` and
   * `user.updated` carry (the same `version`; `updatedAt`, when the profile
   * last changed). `next` is the `after` of the following page, null after the
   * last. For rebuilding projections (search's reindex command, analytics'
   * backfill).
   */
  'identity.users-page': {
    request: z.object({ after: z.uuid().optional(), limit: pageLimit }),
    response: z.object({
      items: z.array(
        z.object({
          id: z.uuid(),
          username: z.string(),
          displayName: z.string(),
          profileImageUrl: z.string().nullable(),
          verified: z.boolean(),
          version: z.number().int().positive(),
          updatedAt: isoDate,
        }),
      ),
      next: z.uuid().nullable(),
    }),
  },
  /**
   * Every community, in id order, `limit` at a time, as `community.created`
   * and `community.updated` describe it: its owner, its settings and their
   * `version`; as `identity.users-page`. For analytics' backfill.
   */
  'communities.communities-page': {
    request: z.object({ after: z.uuid().optional(), limit: pageLimit }),
    response: z.object({
      items: z.array(
        z.object({
          id: z.uuid(),
          ownerId: z.uuid(),
          name: z.string(),
          isPrivate: z.boolean(),
          version: z.number().int().positive(),
          createdAt: isoDate,
          /** When its settings last changed, as `community.updated` says. */
          updatedAt: isoDate,
          /** Its owners now (its creator first made it; owners may make others owners). */
          ownerIds: z.array(z.uuid()),
        }),
      ),
      next: z.uuid().nullable(),
    }),
  },
  /** Every follow, in (followerId, followeeId) order, `limit` at a time; as `identity.users-page`. */
  'identity.follows-page': {
    request: z.object({ after: followKey.optional(), limit: pageLimit }),
    response: z.object({
      items: z.array(followKey.extend({ createdAt: isoDate })),
      next: followKey.nullable(),
    }),
  },
  /**
   * Every tweet that exists (replies included; deleted tweets are gone), in
   * id order, `limit` at a time, as `tweet.created` describes it (hashtags
   * lowercase, without #); as `identity.users-page`.
   */
  'timeline.tweets-page': {
    request: z.object({ after: z.uuid().optional(), limit: pageLimit }),
    response: z.object({
      items: z.array(
        z.object({
          id: z.uuid(),
          authorId: z.uuid(),
          content: z.string(),
          hashtags: z.array(z.string()),
          createdAt: isoDate,
          /** When the text was last edited; null if never. */
          editedAt: isoDate.nullable(),
        }),
      ),
      next: z.uuid().nullable(),
    }),
  },
} as const;

export type RpcName = keyof typeof rpcSchemas;
export type RpcRequest<N extends RpcName> = z.infer<(typeof rpcSchemas)[N]['request']>;
export type RpcResponse<N extends RpcName> = z.infer<(typeof rpcSchemas)[N]['response']>;

/** The Redis channel of a call, under the deployment's key prefix. */
export const rpcChannel = (prefix: string, name: RpcName): string => `${prefix}rpc:${name}`;
