import type { EventEnvelope, SubscribedEvent } from '@wave/contracts';
import type { EngagementField, Increments } from '../rollups/rollup-increments.util';
import type { EventEffect } from './engagement.repository';

type Subscribed = SubscribedEvent<'analytics'>;
/** Any event of the analytics queue, narrowed by its name. */
export type AnalyticsEvent = { [E in Subscribed]: EventEnvelope<E> }[Subscribed];

/** A post's hashtags as the posts projection keeps them (at most 100 characters each). */
const tagsOf = (hashtags: string[]): string[] =>
  [...new Set(hashtags.map((tag) => Array.from(tag).slice(0, 100).join('')))].filter(Boolean);

/** Something that happened to a post, counted for the post and for its author. */
function onPost(postId: string, authorId: string, at: Date, field: EngagementField): Increments {
  return {
    posts: [{ postId, authorId, at, field, n: 1 }],
    users: [{ userId: authorId, at, field, n: 1 }],
  };
}

/** What an event does to the analytics tables (a pure mapping; EngagementRepository applies it). */
export function effectOf(event: AnalyticsEvent): EventEffect {
  const kind = event.name;
  switch (event.name) {
    case 'tweet.created': {
      const p = event.payload;
      const createdAt = new Date(p.createdAt);
      return {
        created: {
          id: p.tweetId,
          authorId: p.authorId,
          parentId: p.parentId,
          content: p.content,
          hashtags: tagsOf(p.hashtags),
          createdAt,
        },
        raw: { occurredAt: createdAt, kind, postId: p.tweetId, userId: p.authorId },
      };
    }
    case 'tweet.updated': {
      const p = event.payload;
      const editedAt = new Date(p.editedAt);
      return {
        edited: {
          id: p.tweetId,
          authorId: p.authorId,
          content: p.content,
          hashtags: tagsOf(p.hashtags),
          editedAt,
        },
        raw: { occurredAt: editedAt, kind, postId: p.tweetId, userId: p.authorId },
      };
    }
    case 'tweet.deleted': {
      const p = event.payload;
      const deletedAt = new Date(p.deletedAt);
      return {
        deleted: { id: p.tweetId, authorId: p.authorId, parentId: p.parentId, deletedAt },
        raw: { occurredAt: deletedAt, kind, postId: p.tweetId, userId: p.authorId },
      };
    }
    case 'reply.created': {
      const p = event.payload;
      const at = new Date(p.createdAt);
      return {
        increments: onPost(p.parentId, p.parentAuthorId, at, 'replies'),
        raw: {
          occurredAt: at,
          kind,
          postId: p.parentId,
          userId: p.authorId,
          subjectId: p.parentAuthorId,
        },
      };
    }
    case 'like.created':
    case 'like.deleted':
    case 'retweet.created':
    case 'retweet.deleted': {
      const p = event.payload;
      const at = new Date(p.at);
      const field: EngagementField = {
        'like.created': 'likes',
        'like.deleted': 'unlikes',
        'retweet.created': 'retweets',
        'retweet.deleted': 'unretweets',
      }[event.name] as EngagementField;
      return {
        increments: onPost(p.tweetId, p.authorId, at, field),
        raw: { occurredAt: at, kind, postId: p.tweetId, userId: p.userId, subjectId: p.authorId },
      };
    }
    case 'follow.created':
    case 'follow.deleted': {
      const p = event.payload;
      const created = event.name === 'follow.created';
      const at = new Date('createdAt' in p ? p.createdAt : p.deletedAt);
      return {
        increments: {
          posts: [],
          users: [{ userId: p.followeeId, at, field: created ? 'follows' : 'unfollows', n: 1 }],
        },
        followers: { userId: p.followeeId, delta: created ? 1 : -1 },
        raw: { occurredAt: at, kind, userId: p.followerId, subjectId: p.followeeId },
      };
    }
    case 'user.registered':
    case 'user.updated': {
      const p = event.payload;
      const changedAt = new Date('createdAt' in p ? p.createdAt : p.updatedAt);
      return {
        user: { id: p.userId, username: p.username, version: p.version, changedAt },
        raw: { occurredAt: changedAt, kind, userId: p.userId },
      };
    }
    case 'community.created': {
      const p = event.payload;
      const createdAt = new Date(p.createdAt);
      return {
        communityCreated: {
          id: p.communityId,
          ownerId: p.ownerId,
          name: p.name,
          isPrivate: p.isPrivate,
          createdAt,
        },
        communityOwnership: {
          communityId: p.communityId,
          userId: p.ownerId,
          isOwner: true,
          at: createdAt,
        },
        raw: { occurredAt: createdAt, kind, userId: p.ownerId },
      };
    }
    case 'community.updated': {
      const p = event.payload;
      const updatedAt = new Date(p.updatedAt);
      return {
        communityUpdated: {
          id: p.communityId,
          name: p.name,
          isPrivate: p.isPrivate,
          version: p.version ?? null,
          updatedAt,
        },
        raw: { occurredAt: updatedAt, kind },
      };
    }
    // Memberships tell who owns a community now; otherwise community activity is not part of
    // personal analytics yet: kept raw only.
    case 'community.joined':
    case 'community.left':
    case 'community.role.changed': {
      const p = event.payload;
      const at = new Date(p.at);
      return {
        communityOwnership: {
          communityId: p.communityId,
          userId: p.userId,
          isOwner: 'role' in p && p.role === 'owner',
          at,
        },
        raw: { occurredAt: at, kind, userId: p.userId },
      };
    }
    case 'community.post.created':
      return {
        raw: {
          occurredAt: new Date(event.payload.createdAt),
          kind,
          userId: event.payload.authorId,
        },
      };
    case 'community.post.deleted':
      return {
        raw: {
          occurredAt: new Date(event.payload.deletedAt),
          kind,
          userId: event.payload.deletedBy,
          subjectId: event.payload.authorId,
        },
      };
    case 'community.post.liked':
    case 'community.post.unliked':
      return {
        raw: {
          occurredAt: new Date(event.payload.at),
          kind,
          userId: event.payload.userId,
          subjectId: event.payload.authorId,
        },
      };
    case 'community.comment.created':
      return {
        raw: {
          occurredAt: new Date(event.payload.createdAt),
          kind,
          userId: event.payload.authorId,
          subjectId: event.payload.postAuthorId,
        },
      };
  }
}
