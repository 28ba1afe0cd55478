import type {
  CommunityDetailResponse,
  CommunityPostResponse,
  TweetResponse,
  UserResponse,
} from '@wave/contracts';
import { displayImageSrc, isObjectPath } from '../../src/lib/object-path.ts';
import {
  communityPostPageTitle,
  pageTitle,
  postPageTitle,
  profilePageTitle,
} from '../../src/lib/page-meta.ts';
import {
  absoluteUrl,
  buildProfilePageSchema,
  buildSocialMediaPostingSchema,
  postUrl,
  profileUrl,
  SITE_NAME,
} from '../../src/lib/structured-data.ts';
import type { PageHead } from './page-head.ts';
import { summarize } from './page-head.ts';

/**
 * What each public page says about itself, made from what the gateway answers a visitor.
 * Pure: the public origin is given (configured, never a request's Host), so every URL is
 * absolute on it.
 */

const PRIVATE_COMMUNITY_DESCRIPTION = `A private community on ${SITE_NAME}: only its members see its posts.`;

/** An uploaded image's 1080 px display variant, absolute; nothing for anything else. */
function imageOf(origin: string, source: string | null | undefined): string | null {
  return source && isObjectPath(source) ? absoluteUrl(origin, displayImageSrc(source)) : null;
}

const communityUrl = (origin: string, communityId: string): string =>
  absoluteUrl(origin, `/community/${encodeURIComponent(communityId)}`);

const communityPostUrl = (origin: string, communityId: string, postId: string): string =>
  absoluteUrl(
    origin,
    `/community/${encodeURIComponent(communityId)}/post/${encodeURIComponent(postId)}`,
  );

const plural = (count: number, noun: string): string =>
  `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** A post (/tweet/{id}): its text, its first picture or else its author's avatar. */
export function postHead(post: TweetResponse, origin: string): PageHead {
  const picture = imageOf(origin, post.imageUrls[0] ?? post.imageUrl);
  const { author } = post;
  return {
    title: postPageTitle(post),
    description:
      summarize(post.content) ||
      `A post by ${author.displayName} (@${author.username}) on ${SITE_NAME}.`,
    url: postUrl(origin, post.id),
    type: 'article',
    image: picture ?? imageOf(origin, author.profileImageUrl),
    largeImage: picture !== null,
    properties: [['article:published_time', post.createdAt]],
    jsonLd: buildSocialMediaPostingSchema(post, origin),
    noIndex: false,
  };
}

/**
 * A profile: its canonical address is /profile/{id}, as the ProfilePage markup names it (a
 * username may be reached in any case; the id never changes).
 */
export function profileHead(user: UserResponse, origin: string): PageHead {
  return {
    title: profilePageTitle(user),
    description:
      summarize(user.bio ?? '') ||
      `The latest posts from ${user.displayName} (@${user.username}) on ${SITE_NAME}.`,
    url: profileUrl(origin, user.id),
    type: 'profile',
    image: imageOf(origin, user.profileImageUrl),
    largeImage: false,
    properties: [['profile:username', user.username]],
    jsonLd: buildProfilePageSchema(user, origin),
    noIndex: false,
  };
}

/**
 * A community. A private one says nothing of itself (not its name, its description or its
 * icon, let alone its posts) and stays out of search results.
 */
export function communityHead(community: CommunityDetailResponse, origin: string): PageHead {
  if (community.isPrivate) return privateCommunityHead(origin, community.id);
  return {
    title: pageTitle(community.name),
    description:
      summarize(community.description) ||
      `A community on ${SITE_NAME} about ${community.category}, with ${plural(community.memberCount, 'member')}.`,
    url: communityUrl(origin, community.id),
    type: 'website',
    image: imageOf(origin, community.iconUrl),
    largeImage: false,
    properties: [],
    jsonLd: null,
    noIndex: false,
  };
}

export function privateCommunityHead(origin: string, communityId: string): PageHead {
  return {
    title: pageTitle('Private community'),
    description: PRIVATE_COMMUNITY_DESCRIPTION,
    url: communityUrl(origin, communityId),
    type: 'website',
    image: null,
    largeImage: false,
    properties: [],
    jsonLd: null,
    noIndex: true,
  };
}

/**
 * A post of a public community (a visitor is shown no other): its text, its first picture or
 * its author's avatar, at the address of its own community.
 */
export function communityPostHead(post: CommunityPostResponse, origin: string): PageHead {
  const picture = imageOf(origin, post.mediaUrls[0]);
  const { author } = post;
  return {
    title: communityPostPageTitle(post),
    description:
      summarize(post.content) || `A post by ${author.displayName} (@${author.username}).`,
    url: communityPostUrl(origin, post.communityId, post.id),
    type: 'article',
    image: picture ?? imageOf(origin, author.profileImageUrl),
    largeImage: picture !== null,
    properties: [['article:published_time', post.createdAt]],
    jsonLd: null,
    noIndex: false,
  };
}

/** A post the gateway keeps from visitors: one of a private community. */
export function privateCommunityPostHead(
  origin: string,
  communityId: string,
  postId: string,
): PageHead {
  return {
    ...privateCommunityHead(origin, communityId),
    title: pageTitle('Post in a private community'),
    url: communityPostUrl(origin, communityId, postId),
  };
}
