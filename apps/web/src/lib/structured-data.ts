import type { TweetAuthor, TweetResponse, UserResponse } from '@wave/contracts';

/**
 * Schema.org markup (JSON-LD) for search engines (spec part 2, "Structured-data
 * helper"): the website, the organization, a profile (ProfilePage, url
 * /profile/{id}) and a post (SocialMediaPosting, url /tweet/{id}, headline cut
 * at 110 characters plus an ellipsis). Builders are pure: they take the site's
 * base URL (an origin) and return plain objects; `injectStructuredData` puts
 * them into a document's head.
 */

export const SCHEMA_CONTEXT = 'https://schema.org';
export const SITE_NAME = 'Wave';
export const SITE_DESCRIPTION =
  'Wave: a social platform for authentic connections. Short posts, communities and people worth following.';
/** A post's headline: at most this many characters (code points) before the ellipsis. */
export const HEADLINE_MAX_LENGTH = 110;
export const HEADLINE_ELLIPSIS = '...';

/** A JSON-LD node. */
export interface JsonLd {
  '@context'?: typeof SCHEMA_CONTEXT;
  '@type': string;
  [property: string]: unknown;
}

/** What a profile's markup needs of a user. */
export type StructuredDataUser = Pick<
  UserResponse,
  | 'id'
  | 'username'
  | 'displayName'
  | 'bio'
  | 'profileImageUrl'
  | 'createdAt'
  | 'followersCount'
  | 'followingCount'
>;

/** What a post's markup needs of a post (a TweetResponse fits). */
export type StructuredDataPost = Pick<
  TweetResponse,
  'id' | 'content' | 'createdAt' | 'likesCount' | 'retweetsCount' | 'repliesCount'
> & {
  author: Pick<TweetAuthor, 'id' | 'username' | 'displayName'>;
  editedAt?: string | null;
  imageUrl?: string | null;
  imageUrls?: readonly string[];
  linkPreview?: { url: string; title: string | null } | null;
};

/** A path or URL made absolute against the base URL. */
export const absoluteUrl = (baseUrl: string, pathOrUrl: string): string =>
  new URL(pathOrUrl, baseUrl).href;

export const profileUrl = (baseUrl: string, userId: string): string =>
  absoluteUrl(baseUrl, `/profile/${encodeURIComponent(userId)}`);

export const postUrl = (baseUrl: string, postId: string): string =>
  absoluteUrl(baseUrl, `/tweet/${encodeURIComponent(postId)}`);

/** Drops the properties whose value is undefined or null (JSON-LD has no use for them). */
function compact(node: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(node).filter(([, value]) => value !== undefined && value !== null),
  ) as JsonLd;
}

/** An image worth pointing a crawler at: stored or remote, never an inline data URL. */
const imageUrl = (baseUrl: string, url: string | null | undefined): string | undefined =>
  url && !url.startsWith('data:') ? absoluteUrl(baseUrl, url) : undefined;

const counter = (interactionType: string, count: number): JsonLd => ({
  '@type': 'InteractionCounter',
  interactionType: `${SCHEMA_CONTEXT}/${interactionType}`,
  userInteractionCount: count,
});

/**
 * A post's headline: its text on one line, cut at 110 characters (code points,
 * so an emoji is never split) plus an ellipsis; the fallback when it has none.
 */
export function postHeadline(content: string, fallback = `A post on ${SITE_NAME}`): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return fallback;
  const characters = Array.from(text);
  if (characters.length <= HEADLINE_MAX_LENGTH) return text;
  return `${characters.slice(0, HEADLINE_MAX_LENGTH).join('')}${HEADLINE_ELLIPSIS}`;
}

export function buildWebSiteSchema(baseUrl: string): JsonLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: absoluteUrl(baseUrl, '/'),
    description: SITE_DESCRIPTION,
    inLanguage: 'en',
  };
}

export function buildOrganizationSchema(baseUrl: string, logoUrl?: string): JsonLd {
  return compact({
    '@context': SCHEMA_CONTEXT,
    '@type': 'Organization',
    name: SITE_NAME,
    url: absoluteUrl(baseUrl, '/'),
    description: SITE_DESCRIPTION,
    logo: logoUrl ? absoluteUrl(baseUrl, logoUrl) : undefined,
  });
}

/** A profile: a ProfilePage whose main entity is the person, with their follow counts. */
export function buildProfilePageSchema(user: StructuredDataUser, baseUrl: string): JsonLd {
  const url = profileUrl(baseUrl, user.id);
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'ProfilePage',
    url,
    name: `${user.displayName} (@${user.username})`,
    dateCreated: user.createdAt,
    mainEntity: compact({
      '@type': 'Person',
      identifier: user.id,
      name: user.displayName,
      alternateName: `@${user.username}`,
      description: user.bio ?? undefined,
      image: imageUrl(baseUrl, user.profileImageUrl),
      url,
      interactionStatistic: [counter('FollowAction', user.followersCount)],
      agentInteractionStatistic: counter('FollowAction', user.followingCount),
    }),
  };
}

/** A post: a SocialMediaPosting with its author, images and interaction counts. */
export function buildSocialMediaPostingSchema(post: StructuredDataPost, baseUrl: string): JsonLd {
  const images = [post.imageUrl, ...(post.imageUrls ?? [])]
    .map((url) => imageUrl(baseUrl, url))
    .filter((url): url is string => url !== undefined);
  return compact({
    '@context': SCHEMA_CONTEXT,
    '@type': 'SocialMediaPosting',
    url: postUrl(baseUrl, post.id),
    identifier: post.id,
    headline: postHeadline(post.content, `A post by ${post.author.displayName}`),
    articleBody: post.content.length > 0 ? post.content : undefined,
    datePublished: post.createdAt,
    dateModified: post.editedAt ?? undefined,
    author: {
      '@type': 'Person',
      identifier: post.author.id,
      name: post.author.displayName,
      alternateName: `@${post.author.username}`,
      url: profileUrl(baseUrl, post.author.id),
    },
    image: images.length > 0 ? Array.from(new Set(images)) : undefined,
    sharedContent: post.linkPreview
      ? compact({
          '@type': 'WebPage',
          url: post.linkPreview.url,
          headline: post.linkPreview.title ?? undefined,
        })
      : undefined,
    commentCount: post.repliesCount,
    interactionStatistic: [
      counter('LikeAction', post.likesCount),
      counter('ShareAction', post.retweetsCount),
      counter('CommentAction', post.repliesCount),
    ],
  });
}

/**
 * JSON for a script element: `<`, `>`, `&` and the JavaScript line separators
 * escaped, so no text in the data can close the element or break a parser.
 */
export function serializeJsonLd(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const STRUCTURED_DATA_ATTRIBUTE = 'data-structured-data';

/**
 * Adds `<script type="application/ld+json">` with serialized JSON-LD to the
 * document's head; returns the function that removes it again.
 */
export function injectJsonLdScript(json: string, doc: Document = document): () => void {
  const script = doc.createElement('script');
  script.type = 'application/ld+json';
  script.setAttribute(STRUCTURED_DATA_ATTRIBUTE, '');
  script.textContent = json;
  doc.head.appendChild(script);
  return () => script.remove();
}

/** Adds the data to the document's head as JSON-LD; returns the function that removes it. */
export const injectStructuredData = (
  data: JsonLd | readonly JsonLd[],
  doc: Document = document,
): (() => void) => injectJsonLdScript(serializeJsonLd(data), doc);
