import type {
  CommunityCommentResponse,
  CommunityMemberResponse,
  CommunityPostResponse,
  CommunityRole,
  CommunitySummary,
  CommunityJoinRequestResponse,
} from '@wave/contracts';
import type { CommentRow, PostRow } from '../posts/posts.repository';
import type { CommunityRow, PersonRow } from './communities.repository';

/** Owners and moderators look after a community: they remove posts and approve requests. */
export const isManager = (role: CommunityRole | null): boolean =>
  role === 'owner' || role === 'moderator';

export function toCommunitySummary(row: CommunityRow): CommunitySummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    iconUrl: row.iconUrl,
    category: row.category,
    isPrivate: row.isPrivate,
    memberCount: row.memberCount,
    postCount: row.postCount,
    rules: row.rules,
    createdAt: row.createdAt.toISOString(),
    isMember: row.role !== null,
    role: row.role,
    hasPendingRequest: row.role === null && row.hasPendingRequest,
  };
}

/** A post for a reader whose role in the post's community is `readerRole`. */
export function toPostResponse(
  row: PostRow,
  readerId: string | null,
  readerRole: CommunityRole | null,
): CommunityPostResponse {
  return {
    id: row.id,
    communityId: row.communityId,
    authorId: row.authorId,
    author: row.author,
    content: row.content,
    mediaUrls: row.mediaUrls,
    createdAt: row.createdAt.toISOString(),
    isLiked: row.isLiked,
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    sharesCount: row.sharesCount,
    canDelete: readerId !== null && (row.authorId === readerId || isManager(readerRole)),
  };
}

export function toCommentResponse(row: CommentRow): CommunityCommentResponse {
  return {
    id: row.id,
    postId: row.postId,
    authorId: row.authorId,
    author: row.author,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toMemberResponse(row: PersonRow): CommunityMemberResponse {
  return { user: row.user, role: row.role ?? 'member', joinedAt: new Date(row.at).toISOString() };
}

export function toJoinRequestResponse(row: PersonRow): CommunityJoinRequestResponse {
  return { user: row.user, requestedAt: new Date(row.at).toISOString() };
}
