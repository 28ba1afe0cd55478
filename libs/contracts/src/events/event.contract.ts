import { z } from 'zod';
import { SEARCH_RESULT_TYPES } from '../search/search.contract';

/**
 * Domain events: names in the past tense, one payload schema each.
 * Payloads are validated when written to the outbox and again when a consumer
 * reads a job (jobs outlive deploys).
 */
const isoDate = z.iso.datetime({ offset: true });

const userFields = {
  userId: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  verified: z.boolean(),
  /** Grows with every change to the user: consumers keep the highest they saw. */
  version: z.number().int().positive(),
};

/** A like or retweet of `tweetId` (by `authorId`) by `userId`. */
const interaction = z.object({
  tweetId: z.uuid(),
  userId: z.uuid(),
  authorId: z.uuid(),
  at: isoDate,
});

/** A like or unlike of a community post (by `authorId`) by `userId`. */
const communityPostInteraction = z.object({
  postId: z.uuid(),
  communityId: z.uuid(),
  userId: z.uuid(),
  authorId: z.uuid(),
  at: isoDate,
});

export const eventPayloadSchemas = {
  'user.registered': z.object({ ...userFields, createdAt: isoDate }),
  'user.updated': z.object({
    ...userFields,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    bio: z.string().nullable(),
    coverImageUrl: z.string().nullable(),
    updatedAt: isoDate,
  }),
  'follow.created': z.object({
    followerId: z.uuid(),
    followeeId: z.uuid(),
    createdAt: isoDate,
  }),
  'follow.deleted': z.object({
    followerId: z.uuid(),
    followeeId: z.uuid(),
    deletedAt: isoDate,
  }),
  'tweet.created': z.object({
    tweetId: z.uuid(),
    authorId: z.uuid(),
    content: z.string(),
    hashtags: z.array(z.string()),
    mentions: z.array(z.string()),
    imageUrls: z.array(z.string()),
    /** Set for a reply. */
    parentId: z.uuid().nullable(),
    createdAt: isoDate,
  }),
  'tweet.updated': z.object({
    tweetId: z.uuid(),
    authorId: z.uuid(),
    content: z.string(),
    hashtags: z.array(z.string()),
    mentions: z.array(z.string()),
    editedAt: isoDate,
  }),
  'tweet.deleted': z.object({
    tweetId: z.uuid(),
    authorId: z.uuid(),
    parentId: z.uuid().nullable(),
    deletedAt: isoDate,
  }),
  'reply.created': z.object({
    tweetId: z.uuid(),
    parentId: z.uuid(),
    authorId: z.uuid(),
    parentAuthorId: z.uuid(),
    createdAt: isoDate,
  }),
  'like.created': interaction,
  'like.deleted': interaction,
  'retweet.created': interaction,
  'retweet.deleted': interaction,
  /** `version` grows with every pin change of the user: keep the highest. */
  'tweet.pinned': z.object({
    userId: z.uuid(),
    tweetId: z.uuid(),
    version: z.number().int().positive(),
  }),
  'tweet.unpinned': z.object({
    userId: z.uuid(),
    tweetId: z.uuid(),
    version: z.number().int().positive(),
  }),
  'community.created': z.object({
    communityId: z.uuid(),
    ownerId: z.uuid(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    isPrivate: z.boolean(),
    createdAt: isoDate,
  }),
  'community.updated': z.object({
    communityId: z.uuid(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    isPrivate: z.boolean(),
    /**
     * The icon after the change, and a version that grows with every change
     * (keep the highest). Optional only for events written before they were
     * added: a consumer that needs them leaves such an event alone.
     */
    iconUrl: z.string().nullable().optional(),
    version: z.number().int().positive().optional(),
    updatedAt: isoDate,
  }),
  'community.joined': z.object({
    communityId: z.uuid(),
    userId: z.uuid(),
    role: z.enum(['owner', 'moderator', 'member']),
    at: isoDate,
  }),
  'community.left': z.object({ communityId: z.uuid(), userId: z.uuid(), at: isoDate }),
  /** An owner gave a member another role (made them an owner, a moderator, or a member again). */
  'community.role.changed': z.object({
    communityId: z.uuid(),
    userId: z.uuid(),
    role: z.enum(['owner', 'moderator', 'member']),
    at: isoDate,
  }),
  'community.post.created': z.object({
    postId: z.uuid(),
    communityId: z.uuid(),
    authorId: z.uuid(),
    content: z.string(),
    mediaUrls: z.array(z.string()),
    createdAt: isoDate,
  }),
  'community.post.deleted': z.object({
    postId: z.uuid(),
    communityId: z.uuid(),
    authorId: z.uuid(),
    /** The author, or the moderator or owner who removed it. */
    deletedBy: z.uuid(),
    deletedAt: isoDate,
  }),
  'community.post.liked': communityPostInteraction,
  'community.post.unliked': communityPostInteraction,
  'community.comment.created': z.object({
    commentId: z.uuid(),
    postId: z.uuid(),
    communityId: z.uuid(),
    authorId: z.uuid(),
    postAuthorId: z.uuid(),
    createdAt: isoDate,
  }),
  /** A member chose a search result (a visitor's choice is kept by search, announced to nobody). */
  'search.clicked': z.object({
    clickId: z.uuid(),
    userId: z.uuid(),
    query: z.string(),
    resultId: z.string(),
    resultType: z.enum(SEARCH_RESULT_TYPES),
    at: isoDate,
  }),
} as const;

export type EventName = keyof typeof eventPayloadSchemas;
export const EVENT_NAMES = Object.keys(eventPayloadSchemas) as EventName[];
export type EventPayload<E extends EventName> = z.infer<(typeof eventPayloadSchemas)[E]>;

/** What travels in a job: the event's identity and time around its payload. */
export interface EventEnvelope<E extends EventName = EventName> {
  eventId: string;
  name: E;
  occurredAt: string;
  payload: EventPayload<E>;
}

export const eventEnvelopeSchema = z.object({
  eventId: z.uuid(),
  name: z.enum(EVENT_NAMES as [EventName, ...EventName[]]),
  occurredAt: isoDate,
  payload: z.unknown(),
});

/** Services that consume events, each through its own queue. */
export const EVENT_CONSUMERS = [
  'identity',
  'timeline',
  'communities',
  'search',
  'recommendations',
  'analytics',
  'media',
] as const;
export type EventConsumer = (typeof EVENT_CONSUMERS)[number];

/**
 * The subscription table: who receives each event. A consumer must handle every
 * event listed for it, and nothing else (checked when its worker starts).
 */
export const EVENT_SUBSCRIPTIONS = {
  'user.registered': ['timeline', 'communities', 'search', 'recommendations', 'analytics'],
  'user.updated': ['timeline', 'communities', 'search', 'recommendations', 'media', 'analytics'],
  'follow.created': ['timeline', 'search', 'recommendations', 'analytics'],
  'follow.deleted': ['timeline', 'search', 'recommendations', 'analytics'],
  'tweet.created': ['timeline', 'search', 'recommendations', 'analytics'],
  'tweet.updated': ['timeline', 'search', 'recommendations', 'analytics'],
  'tweet.deleted': ['timeline', 'search', 'recommendations', 'analytics', 'media'],
  'reply.created': ['analytics'],
  'like.created': ['timeline', 'recommendations', 'analytics'],
  'like.deleted': ['timeline', 'recommendations', 'analytics'],
  'retweet.created': ['timeline', 'recommendations', 'analytics'],
  'retweet.deleted': ['timeline', 'recommendations', 'analytics'],
  'tweet.pinned': ['timeline', 'identity'],
  'tweet.unpinned': ['timeline', 'identity'],
  'community.created': ['recommendations', 'analytics'],
  'community.updated': ['recommendations', 'media', 'analytics'],
  'community.joined': ['recommendations', 'analytics'],
  'community.left': ['recommendations', 'analytics'],
  'community.role.changed': ['recommendations', 'analytics'],
  'community.post.created': ['recommendations', 'analytics'],
  'community.post.deleted': ['recommendations', 'analytics', 'media'],
  'community.post.liked': ['recommendations', 'analytics'],
  'community.post.unliked': ['recommendations', 'analytics'],
  'community.comment.created': ['analytics'],
  'search.clicked': ['recommendations'],
} as const satisfies Record<EventName, readonly EventConsumer[]>;

/** The events a consumer subscribes to, as a type. */
export type SubscribedEvent<C extends EventConsumer> = {
  [E in EventName]: C extends (typeof EVENT_SUBSCRIPTIONS)[E][number] ? E : never;
}[EventName];

export const subscribedEvents = (consumer: EventConsumer): EventName[] =>
  EVENT_NAMES.filter((name) =>
    (EVENT_SUBSCRIPTIONS[name] as readonly EventConsumer[]).includes(consumer),
  );

/** Queues are named `<service>-<purpose>`. */
export const eventQueueName = <C extends EventConsumer>(consumer: C): `${C}-events` =>
  `${consumer}-events`;

/**
 * The consumers whose projections an owner's current state can be replayed to (`replay`): each
 * applies the replayed events (`REPLAYED_EVENTS`) as upserts (versions, keys), so a replay, or
 * two, leaves it as the owners' data is. Not analytics and recommendations: they count events
 * (a replayed like would count twice), and their own backfills read the owners instead; not
 * media and identity, which take deletions and pins only.
 */
export const REPLAYABLE_CONSUMERS = [
  'timeline',
  'communities',
  'search',
] as const satisfies readonly EventConsumer[];
export type ReplayableConsumer = (typeof REPLAYABLE_CONSUMERS)[number];

/**
 * The events a replay is made of: what an owner's rows are now (a user's profile, a follow, a
 * post and its last edit), never what happened to them (likes, deletions). A user is replayed as
 * `user.updated` alone, which tells all of it (a replayed `user.registered` of the same version,
 * with no names, could win the race and leave the names out).
 */
export const REPLAYED_EVENTS = [
  'user.updated',
  'follow.created',
  'tweet.created',
  'tweet.updated',
] as const satisfies readonly EventName[];
export type ReplayedEventName = (typeof REPLAYED_EVENTS)[number];
