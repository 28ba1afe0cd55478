import { z } from 'zod';
import { pageQuerySchema } from '../common/pagination.contract';
import { hasVisibleText, text } from '../common/text.contract';

/** The categories a community belongs to (spec part 2, section 3), without "All". */
export const COMMUNITY_CATEGORIES = [
  'Technology',
  'Gaming',
  'Art & Design',
  'Music',
  'Sports',
  'Science',
  'Books',
  'Cooking',
  'Travel',
  'Business',
  'Health & Fitness',
] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number];

/** The category a client names (any case: the list screen sends it lowercase), or null. */
export const findCommunityCategory = (value: string): CommunityCategory | null =>
  COMMUNITY_CATEGORIES.find((category) => category.toLowerCase() === value.trim().toLowerCase()) ??
  null;

export const COMMUNITY_ROLES = ['owner', 'moderator', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];

export const COMMUNITY_NAME_MIN_LENGTH = 3;
export const COMMUNITY_NAME_MAX_LENGTH = 50;
export const COMMUNITY_DESCRIPTION_MAX_LENGTH = 500;
export const COMMUNITY_MAX_RULES = 10;
export const COMMUNITY_RULE_MAX_LENGTH = 200;
export const COMMUNITY_POST_MAX_LENGTH = 2000;
export const COMMUNITY_POST_MAX_MEDIA = 4;
export const COMMUNITY_COMMENT_MAX_LENGTH = 1000;
export const COMMUNITY_SEARCH_MAX_LENGTH = 100;
/** Posts that come with a community's detail; more through its posts call. */
export const COMMUNITY_DETAIL_POSTS = 20;

const OBJECT_PATH = /^\/objects\/[A-Za-z0-9][A-Za-z0-9/_.-]{0,500}$/;

const objectPath = (label: string) =>
  z
    .string({ error: `${label} must be an object path` })
    .regex(OBJECT_PATH, { error: `${label} must be an uploaded object path (/objects/...)` });

const categoryField = text('category', { kind: 'line' }).transform((value, context) => {
  const category = findCommunityCategory(value);
  if (!category) {
    context.addIssue({
      code: 'custom',
      message: `category must be one of: ${COMMUNITY_CATEGORIES.join(', ')}`,
    });
    return z.NEVER;
  }
  return category;
});

/** `GET /api/communities?category=&search=&cursor=&limit=` */
export const listCommunitiesQuerySchema = z.object({
  /** "all" or empty means every category. */
  category: text('category', { kind: 'line' })
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '' || value.toLowerCase() === 'all') return null;
      const category = findCommunityCategory(value);
      if (!category) {
        context.addIssue({
          code: 'custom',
          message: `category must be all or one of: ${COMMUNITY_CATEGORIES.join(', ')}`,
        });
        return z.NEVER;
      }
      return category;
    }),
  search: text('search', { kind: 'line', max: COMMUNITY_SEARCH_MAX_LENGTH })
    .optional()
    .transform((value) => (value !== undefined && hasVisibleText(value) ? value : null)),
});
export type ListCommunitiesQuery = z.infer<typeof listCommunitiesQuerySchema>;

/** The list's whole query: the filters and a page. */
export const listCommunitiesPageQuerySchema = z.object({
  ...pageQuerySchema.shape,
  ...listCommunitiesQuerySchema.shape,
});
export type ListCommunitiesPageQuery = z.infer<typeof listCommunitiesPageQuerySchema>;

const communityFields = {
  name: text('name', {
    kind: 'name',
    required: true,
    min: COMMUNITY_NAME_MIN_LENGTH,
    max: COMMUNITY_NAME_MAX_LENGTH,
    messages: {
      notText: 'name is required',
      // A name of nothing visible is as short as an empty one.
      required: `name must be at least ${COMMUNITY_NAME_MIN_LENGTH} characters`,
    },
  }),
  description: text('description', {
    kind: 'free',
    max: COMMUNITY_DESCRIPTION_MAX_LENGTH,
  }).default(''),
  category: categoryField,
  rules: z
    .array(
      text('a rule', {
        kind: 'line',
        required: true,
        max: COMMUNITY_RULE_MAX_LENGTH,
        messages: {
          notText: 'each rule must be text',
          required: 'a rule cannot be empty',
          tooLong: `a rule can be at most ${COMMUNITY_RULE_MAX_LENGTH} characters`,
        },
      }),
      { error: 'rules must be a list of texts' },
    )
    .max(COMMUNITY_MAX_RULES, {
      error: `a community can have at most ${COMMUNITY_MAX_RULES} rules`,
    })
    .default([]),
  isPrivate: z.boolean({ error: 'isPrivate must be true or false' }).default(false),
  iconUrl: objectPath('iconUrl').nullish(),
};

export const createCommunityRequestSchema = z.object(communityFields, {
  error: 'Request body must be a JSON object',
});
export type CreateCommunityRequest = z.infer<typeof createCommunityRequestSchema>;

/** What an owner may change; at least one field. A name stays unique whatever its case. */
export const updateCommunityRequestSchema = z
  .object(
    {
      name: communityFields.name.optional(),
      description: communityFields.description.unwrap().optional(),
      category: communityFields.category.optional(),
      rules: communityFields.rules.unwrap().optional(),
      isPrivate: communityFields.isPrivate.unwrap().optional(),
      iconUrl: communityFields.iconUrl,
    },
    { error: 'Request body must be a JSON object' },
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Nothing to change',
  });
export type UpdateCommunityRequest = z.infer<typeof updateCommunityRequestSchema>;

export const createCommunityPostRequestSchema = z.object(
  {
    content: text('content', {
      kind: 'free',
      required: true,
      max: COMMUNITY_POST_MAX_LENGTH,
      messages: {
        notText: 'content is required',
        required: 'A post cannot be empty',
        tooLong: `A post can be at most ${COMMUNITY_POST_MAX_LENGTH} characters`,
      },
    }),
    mediaUrls: z
      .array(objectPath('mediaUrls'), { error: 'mediaUrls must be a list of object paths' })
      .max(COMMUNITY_POST_MAX_MEDIA, {
        error: `A post can have at most ${COMMUNITY_POST_MAX_MEDIA} images`,
      })
      .default([]),
  },
  { error: 'Request body must be a JSON object' },
);
export type CreateCommunityPostRequest = z.infer<typeof createCommunityPostRequestSchema>;

export const createCommentRequestSchema = z.object(
  {
    content: text('content', {
      kind: 'free',
      required: true,
      max: COMMUNITY_COMMENT_MAX_LENGTH,
      messages: {
        notText: 'content is required',
        required: 'A comment cannot be empty',
        tooLong: `A comment can be at most ${COMMUNITY_COMMENT_MAX_LENGTH} characters`,
      },
    }),
  },
  { error: 'Request body must be a JSON object' },
);
export type CreateCommentRequest = z.infer<typeof createCommentRequestSchema>;

export const changeMemberRoleRequestSchema = z.object(
  {
    role: z.enum(COMMUNITY_ROLES, {
      error: `role must be one of: ${COMMUNITY_ROLES.join(', ')}`,
    }),
  },
  { error: 'Request body must be a JSON object' },
);
export type ChangeMemberRoleRequest = z.infer<typeof changeMemberRoleRequestSchema>;

export interface CommunityAuthor {
  id: string;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
}

/** Present when the reader is a member. */
export interface CommunityMemberInfo {
  role: CommunityRole;
  joinedAt: string;
}

/** A community in lists (spec: the entity, plus isMember and role for the reader). */
export interface CommunitySummary {
  id: string;
  name: string;
  description: string;
  iconUrl: string | null;
  category: CommunityCategory;
  isPrivate: boolean;
  memberCount: number;
  postCount: number;
  rules: string[];
  createdAt: string;
  isMember: boolean;
  role: CommunityRole | null;
  /** The reader asked to join this private community and waits for approval. */
  hasPendingRequest: boolean;
}

/** A community post (spec part 2, section 3), for the signed-in reader. */
export interface CommunityPostResponse {
  id: string;
  communityId: string;
  authorId: string;
  author: CommunityAuthor;
  content: string;
  mediaUrls: string[];
  createdAt: string;
  isLiked: boolean;
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
  /** The reader may delete it: the author, or a moderator or owner of the community. */
  canDelete: boolean;
}

/** `GET /api/communities/{id}`: the community, its first page of posts, memberInfo for members. */
export interface CommunityDetailResponse extends CommunitySummary {
  memberInfo: CommunityMemberInfo | null;
  /** False for a private community the reader is not a member of: posts stay hidden. */
  canViewPosts: boolean;
  posts: CommunityPostResponse[];
  postsNextCursor: string | null;
}

export interface JoinCommunityResponse {
  /** "joined" for a public community; "requested" for a private one, until approved. */
  status: 'joined' | 'requested';
  community: CommunitySummary;
}

export interface CommunityPostLikeResponse {
  postId: string;
  isLiked: boolean;
  likesCount: number;
}

export interface CommunityPostShareResponse {
  postId: string;
  sharesCount: number;
}

export interface CommunityCommentResponse {
  id: string;
  postId: string;
  authorId: string;
  author: CommunityAuthor;
  content: string;
  createdAt: string;
}

export interface CommunityMemberResponse {
  user: CommunityAuthor;
  role: CommunityRole;
  joinedAt: string;
}

export interface CommunityJoinRequestResponse {
  user: CommunityAuthor;
  requestedAt: string;
}
