import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, SubscribedEvent } from '@wave/contracts';
import { isUuid } from '@wave/contracts';
import { RecommendationsCache } from '../recommendations/recommendations.cache';
import { SignalsRepository } from './signals.repository';
import { TOPIC_WEIGHTS } from './signal-weights.constant';

type Subscribed = SubscribedEvent<'recommendations'>;
/** Any event of the recommendations queue, narrowed by its name. */
export type RecommendationsEvent = { [E in Subscribed]: EventEnvelope<E> }[Subscribed];

/** Hashtags as the store keeps them: lowercase, at most 100 characters, once each. */
const tagsOf = (hashtags: readonly string[]): string[] =>
  [...new Set(hashtags.map((tag) => Array.from(tag.toLowerCase()).slice(0, 100).join('')))].filter(
    Boolean,
  );

/**
 * Applies the events of the `recommendations-events` queue to the signals store, each exactly
 * once (its id is claimed in the same transaction as its effect), and clears the cached list of
 * a member whose own follow, join, like or retweet it was.
 */
@Injectable()
export class SignalsService {
  constructor(
    private readonly repository: SignalsRepository,
    private readonly cache: RecommendationsCache,
  ) {}

  /** Applies events together, all or none; returns the ids (lower case) not applied before. */
  async applyAll(events: readonly RecommendationsEvent[]): Promise<Set<string>> {
    const members = new Set<string>();
    const claimed = await this.repository.transaction(async (manager) => {
      const fresh = await this.repository.claimEvents(
        manager,
        events.map((event) => event.eventId),
      );
      for (const event of events) {
        if (!fresh.has(event.eventId.toLowerCase())) continue;
        const member = await this.apply(manager, event);
        if (member) members.add(member);
      }
      return fresh;
    });
    await this.cache.forget([...members]);
    return claimed;
  }

  /** Applies one event; returns the member whose own list it changes, if any. */
  private async apply(manager: EntityManager, event: RecommendationsEvent): Promise<string | null> {
    const repository = this.repository;
    switch (event.name) {
      case 'user.registered':
      case 'user.updated': {
        const p = event.payload;
        await repository.upsertUser(manager, {
          id: p.userId,
          username: p.username,
          displayName: p.displayName,
          bio: 'bio' in p ? p.bio : undefined,
          profileImageUrl: p.profileImageUrl,
          verified: p.verified,
          version: p.version,
          createdAt: 'createdAt' in p ? new Date(p.createdAt) : null,
        });
        return null;
      }
      case 'follow.created':
      case 'follow.deleted': {
        const p = event.payload;
        const active = event.name === 'follow.created';
        const at = new Date('createdAt' in p ? p.createdAt : p.deletedAt);
        const changed = await repository.toggleFollow(manager, p.followerId, p.followeeId, {
          active,
          at,
        });
        if (changed && active) {
          await repository.markActed(manager, p.followerId, 'user', p.followeeId, at);
        }
        return p.followerId;
      }
      case 'tweet.created': {
        const p = event.payload;
        const at = new Date(p.createdAt);
        const hashtags = tagsOf(p.hashtags);
        const added = await repository.addPost(manager, {
          id: p.tweetId,
          authorId: p.authorId,
          parentId: p.parentId,
          content: p.content,
          hashtags,
          createdAt: at,
        });
        if (!added) return null;
        await repository.addTopics(manager, p.authorId, hashtags, TOPIC_WEIGHTS.post, at);
        if (p.parentId) {
          await repository.toggleInteraction(
            manager,
            { userId: p.authorId, postId: p.parentId, authorId: p.authorId, kind: 'reply' },
            { active: true, at },
          );
          const parentTags = await repository.hashtagsOf(manager, p.parentId);
          await repository.addTopics(manager, p.authorId, parentTags, TOPIC_WEIGHTS.reply, at);
        }
        return null;
      }
      case 'tweet.updated': {
        const p = event.payload;
        await repository.editPost(manager, {
          id: p.tweetId,
          authorId: p.authorId,
          content: p.content,
          hashtags: tagsOf(p.hashtags),
          editedAt: new Date(p.editedAt),
        });
        return null;
      }
      case 'tweet.deleted': {
        const p = event.payload;
        await repository.deletePost(manager, p.tweetId, p.authorId, new Date(p.deletedAt));
        return null;
      }
      case 'like.created':
      case 'like.deleted':
      case 'retweet.created':
      case 'retweet.deleted': {
        const p = event.payload;
        const kind = event.name.startsWith('like') ? 'like' : 'retweet';
        const active = event.name.endsWith('created');
        const at = new Date(p.at);
        const changed = await repository.toggleInteraction(
          manager,
          { userId: p.userId, postId: p.tweetId, authorId: p.authorId, kind },
          { active, at },
        );
        if (!changed) return null;
        const tags = await repository.hashtagsOf(manager, p.tweetId);
        const weight = kind === 'like' ? TOPIC_WEIGHTS.like : TOPIC_WEIGHTS.retweet;
        await repository.addTopics(manager, p.userId, tags, active ? weight : -weight, at);
        if (active) await repository.markActed(manager, p.userId, 'post', p.tweetId, at);
        return p.userId;
      }
      case 'community.created':
      case 'community.updated': {
        const p = event.payload;
        await repository.upsertCommunity(manager, {
          id: p.communityId,
          name: p.name,
          description: p.description,
          category: p.category,
          isPrivate: p.isPrivate,
          version: 'version' in p ? (p.version ?? null) : 1,
          createdAt: 'createdAt' in p ? new Date(p.createdAt) : null,
        });
        return null;
      }
      case 'community.joined':
      case 'community.role.changed':
      case 'community.left': {
        const p = event.payload;
        const active = event.name !== 'community.left';
        const at = new Date(p.at);
        const changed = await repository.toggleMembership(manager, p.communityId, p.userId, {
          active,
          at,
        });
        if (changed && active) {
          await repository.markActed(manager, p.userId, 'community', p.communityId, at);
        }
        return p.userId;
      }
      case 'community.post.created': {
        const p = event.payload;
        if (await repository.addCommunityPost(manager, { id: p.postId, ...p })) {
          await repository.addCommunityActivity(manager, p.communityId, 1);
        }
        return null;
      }
      case 'community.post.deleted': {
        const p = event.payload;
        const removed = await repository.deleteCommunityPost(manager, {
          id: p.postId,
          communityId: p.communityId,
          authorId: p.authorId,
          at: new Date(p.deletedAt),
        });
        if (removed) await repository.addCommunityActivity(manager, p.communityId, -1);
        return null;
      }
      case 'community.post.liked':
      case 'community.post.unliked': {
        const p = event.payload;
        const n = event.name === 'community.post.liked' ? 1 : -1;
        await repository.addCommunityActivity(manager, p.communityId, n);
        return null;
      }
      case 'search.clicked': {
        const p = event.payload;
        const at = new Date(p.at);
        const added = await repository.addSearchClick(manager, {
          clickId: p.clickId,
          userId: p.userId,
          resultType: p.resultType,
          resultId: p.resultId,
          at,
        });
        if (!added) return null;
        if (p.resultType === 'hashtag') {
          const tags = tagsOf([p.resultId.replace(/^#/, '')]);
          await repository.addTopics(manager, p.userId, tags, TOPIC_WEIGHTS.searchTag, at);
        } else if (p.resultType === 'post' && isUuid(p.resultId)) {
          const tags = await repository.hashtagsOf(manager, p.resultId);
          await repository.addTopics(manager, p.userId, tags, TOPIC_WEIGHTS.searchPost, at);
        }
        return null;
      }
    }
  }
}
