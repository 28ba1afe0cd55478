import { Injectable } from '@nestjs/common';
import { TOPIC_HALF_LIFE_DAYS } from '../signals/signal-weights.constant';
import type { Candidate, CandidateReason } from './candidate';
import type { CommunityRow, PostRow, Topic, UserRow } from './candidates.repository';
import { CandidatesRepository } from './candidates.repository';
import { REASONS } from './reasons';

/** The member's interests read for candidates: enough to cover what they engage with most. */
const TOPICS_READ = 20;
const HOUR_MS = 3_600_000;
/**
 * A post's freshness is the log of an exponential decay, -age / FRESHNESS_HOURS, so its weight
 * multiplies the odds by a constant per hour of age (engagement with a post falls off
 * exponentially); it stops falling at FRESHNESS_FLOOR_HOURS, where every post is old.
 */
const FRESHNESS_HOURS = 48;
const FRESHNESS_FLOOR_HOURS = 7 * 24;

const log1p = (n: number): number => Math.log1p(Math.max(0, n));

/** The member's interest in these tags, and the tag they care about most. */
function topicMatch(
  topics: readonly Topic[],
  has: (tag: string) => boolean,
): { weight: number; top: string | null } {
  let weight = 0;
  let top: Topic | null = null;
  for (const topic of topics) {
    if (!has(topic.tag)) continue;
    weight += topic.weight;
    if (!top || topic.weight > top.weight) top = topic;
  }
  return { weight, top: top?.tag ?? null };
}

/**
 * The candidate sources (Twitter's pipeline: sources, then a ranker, then filters; Mastodon's
 * follow suggestions: friends of friends, similar profiles, global): the follow graph, co-
 * engagement, the member's topics, and what is popular, for people, posts and communities. Each
 * candidate carries the features the ranker weighs and the reasons the sources found it for.
 */
@Injectable()
export class CandidatesService {
  constructor(private readonly repository: CandidatesRepository) {}

  async candidatesFor(userId: string, now: Date): Promise<Candidate[]> {
    const topics = await this.repository.topicsOf(userId, TOPICS_READ, TOPIC_HALF_LIFE_DAYS);
    const [users, posts, communities] = await Promise.all([
      this.repository.users(userId, topics),
      this.repository.posts(userId, topics),
      this.repository.communities(userId, topics),
    ]);
    return [
      ...users.map((row) => userCandidate(row)),
      ...posts.map((row) => postCandidate(row, topics, now)),
      ...communities.map((row) => communityCandidate(row, topics)),
    ];
  }
}

export function userCandidate(row: UserRow): Candidate {
  const reasons: CandidateReason[] = [];
  if (row.viaCount > 0 && row.viaName) reasons.push(REASONS.followedBy(row.viaName, row.viaCount));
  if (row.topTag) reasons.push(REASONS.postsAbout(row.topTag));
  if (row.similarity > 0) reasons.push(REASONS.similarProfile());
  if (row.searched) reasons.push(REASONS.searched());
  reasons.push(REASONS.popularPerson());
  return {
    contentType: 'user',
    contentId: row.id,
    content: row.username,
    user: {
      displayName: row.displayName,
      profileImageUrl: row.profileImageUrl,
      verified: row.verified,
    },
    features: {
      graph: log1p(Number(row.aa)),
      social: log1p(row.viaCount),
      topic: log1p(Number(row.topic)),
      content: log1p(Number(row.similarity)),
      popularity: log1p(row.followersCount) / 5,
      authorRate: log1p(row.engagementReceived / Math.max(1, row.postsCount)),
      searched: row.searched ? 1 : 0,
    },
    reasons,
  };
}

export function postCandidate(row: PostRow, topics: readonly Topic[], now: Date): Candidate {
  const tags = new Set(row.hashtags);
  const topic = topicMatch(topics, (tag) => tags.has(tag));
  const reasons: CandidateReason[] = [];
  if (row.viaCount > 0 && row.viaName) reasons.push(REASONS.likedBy(row.viaName, row.viaCount));
  if (row.coCount > 0) reasons.push(REASONS.likedAlsoLiked());
  if (topic.top) reasons.push(REASONS.popularIn(topic.top));
  if (row.similarity > 0) reasons.push(REASONS.similarText());
  if (row.searched) reasons.push(REASONS.searchedAuthor(row.authorName));
  reasons.push(REASONS.popularPost());
  const ageHours = Math.max(0, now.getTime() - new Date(row.createdAt).getTime()) / HOUR_MS;
  return {
    contentType: 'post',
    contentId: row.id,
    content: row.content,
    authorId: row.authorId,
    features: {
      social: log1p(row.viaCount),
      coEngagement: log1p(row.coCount),
      topic: log1p(topic.weight),
      content: log1p(Number(row.similarity)),
      popularity: log1p(Number(row.engagement)) / 5,
      freshness: (0 - Math.min(ageHours, FRESHNESS_FLOOR_HOURS)) / FRESHNESS_HOURS,
      authorRate: log1p(row.authorEngagement / Math.max(1, row.authorPosts)),
      searched: row.searched ? 1 : 0,
    },
    reasons,
  };
}

export function communityCandidate(row: CommunityRow, topics: readonly Topic[]): Candidate {
  const words = new Set(
    `${row.name} ${row.description} ${row.category}`.toLowerCase().split(/[^\p{L}\p{N}_]+/u),
  );
  const topic = topicMatch(topics, (tag) => words.has(tag));
  const reasons: CandidateReason[] = [];
  if (row.coCount > 0 && row.coVia) reasons.push(REASONS.alsoJoined(row.coVia));
  if (row.viaCount > 0 && row.viaName) {
    reasons.push(REASONS.membersYouFollow(row.viaName, row.viaCount));
  }
  if (topic.top) reasons.push(REASONS.about(topic.top));
  reasons.push(REASONS.popularCommunity());
  return {
    contentType: 'community',
    contentId: row.id,
    content: row.name,
    features: {
      social: log1p(row.viaCount),
      coEngagement: log1p(row.coCount / Math.sqrt(Math.max(1, row.memberCount))),
      topic: log1p(topic.weight),
      popularity: log1p(row.memberCount) / 5,
      authorRate: log1p(row.activityCount / Math.max(1, row.memberCount)),
    },
    reasons,
  };
}
