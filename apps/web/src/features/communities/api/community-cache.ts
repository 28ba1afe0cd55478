import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import type {
  CommunityCommentResponse,
  CommunityDetailResponse,
  CommunityMemberInfo,
  CommunityPostResponse,
  CommunitySummary,
} from '@wave/contracts';
import { useMemo } from 'react';
import type { PagedData } from '../../../lib/paged-data';
import { filterPagedItems, isPagedData, mapPagedItems } from '../../../lib/paged-data';
import { communityKeys } from './community-keys';

/**
 * Pure patches of cached communities and community posts, and one place that
 * applies them to every cached copy: a join shows on the card and on the
 * community's page at once, a like on the post wherever it is listed.
 */

const isObject = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null;

export const isCommunity = (data: unknown): data is CommunitySummary =>
  isObject(data) &&
  typeof data['id'] === 'string' &&
  typeof data['memberCount'] === 'number' &&
  typeof data['isPrivate'] === 'boolean';

export const isCommunityDetail = (data: unknown): data is CommunityDetailResponse =>
  isCommunity(data) && Array.isArray((data as Partial<CommunityDetailResponse>).posts);

export const isCommunityPost = (data: unknown): data is CommunityPostResponse =>
  isObject(data) &&
  typeof data['id'] === 'string' &&
  typeof data['communityId'] === 'string' &&
  typeof data['likesCount'] === 'number';

// ---- communities -------------------------------------------------------------------------

/** Who the reader is to a community: what a join or a leave changes. */
export interface MembershipState {
  isMember: boolean;
  role: CommunitySummary['role'];
  memberCount: number;
  hasPendingRequest: boolean;
  /** Only a community's own page has it; undefined leaves it to be derived. */
  memberInfo?: CommunityMemberInfo | null;
}

export const membershipOf = (community: CommunitySummary): MembershipState => ({
  isMember: community.isMember,
  role: community.role,
  memberCount: community.memberCount,
  hasPendingRequest: community.hasPendingRequest,
  ...(isCommunityDetail(community) ? { memberInfo: community.memberInfo } : {}),
});

/** Whether the reader is a member: from memberInfo on a community's page (spec part 2, section 4). */
export const isMemberOf = (community: CommunitySummary): boolean =>
  isCommunityDetail(community) ? community.memberInfo !== null : community.isMember;

/** The membership as given (a detail's memberInfo follows: kept, made, or dropped). */
export function withMembership<T extends CommunitySummary>(
  community: T,
  state: MembershipState,
): T {
  const next: T = {
    ...community,
    isMember: state.isMember,
    role: state.role,
    memberCount: Math.max(0, state.memberCount),
    hasPendingRequest: state.hasPendingRequest,
  };
  if (!isCommunityDetail(community)) return next;
  const memberInfo: CommunityMemberInfo | null =
    state.memberInfo !== undefined
      ? state.memberInfo
      : state.isMember
        ? {
            role: state.role ?? 'member',
            joinedAt: community.memberInfo?.joinedAt ?? new Date().toISOString(),
          }
        : null;
  return { ...next, memberInfo };
}

/**
 * What a join shows before the server answers: a member at once (one more
 * member) of a public community; a pending request for a private one.
 */
export function joinedState(community: CommunitySummary): MembershipState {
  if (isMemberOf(community)) return membershipOf(community);
  if (community.isPrivate) return { ...membershipOf(community), hasPendingRequest: true };
  return {
    isMember: true,
    role: 'member',
    memberCount: community.memberCount + 1,
    hasPendingRequest: false,
  };
}

/** What a leave shows before the server answers: one member less. */
export function leftState(community: CommunitySummary): MembershipState {
  const wasMember = isMemberOf(community);
  return {
    isMember: false,
    role: null,
    memberCount: wasMember ? community.memberCount - 1 : community.memberCount,
    hasPendingRequest: false,
  };
}

/** Applies `update` to the community with that id in cached data (a community, or a list). */
export function updateCommunityInData(
  data: unknown,
  communityId: string,
  update: <T extends CommunitySummary>(community: T) => T,
): unknown {
  if (isCommunity(data)) return data.id === communityId ? update(data) : data;
  if (isPagedData(data)) {
    return mapPagedItems(data, (item) =>
      isCommunity(item) && item.id === communityId ? update(item) : item,
    );
  }
  return data;
}

export function findCommunityInData(
  data: unknown,
  communityId: string,
): CommunitySummary | undefined {
  if (isCommunity(data)) return data.id === communityId ? data : undefined;
  if (!isPagedData(data)) return undefined;
  for (const page of data.pages) {
    for (const item of page.items) if (isCommunity(item) && item.id === communityId) return item;
  }
  return undefined;
}

/** One member more or less (an approved request, a removed member), never below zero. */
export const withMemberCountDelta = <T extends CommunitySummary>(community: T, delta: number): T =>
  delta === 0
    ? community
    : { ...community, memberCount: Math.max(0, community.memberCount + delta) };

// ---- members and requests ----------------------------------------------------------------

/** A row taken out of a cached list, and where it was, so a failure can put it back. */
export interface TakenItem<T> {
  item: T;
  pageIndex: number;
  index: number;
}

/**
 * Takes the first item that matches out of a cached list (a member removed,
 * a request answered); identity is kept when nothing matches.
 */
export function takeFromPagedData<T, P>(
  data: PagedData<T, P> | undefined,
  matches: (item: T) => boolean,
): { data: PagedData<T, P> | undefined; taken: TakenItem<T> | null } {
  if (!data) return { data, taken: null };
  for (const [pageIndex, page] of data.pages.entries()) {
    const index = page.items.findIndex(matches);
    const item = page.items[index];
    if (index === -1 || item === undefined) continue;
    const items = page.items.filter((_, position) => position !== index);
    const pages = data.pages.map((other, position) =>
      position === pageIndex ? { ...page, items } : other,
    );
    return { data: { ...data, pages }, taken: { item, pageIndex, index } };
  }
  return { data, taken: null };
}

/**
 * Puts a taken item back where it was (its page may have changed since: the
 * nearest place), unless the list has it again (a refetch brought it back).
 */
export function putBackInPagedData<T, P>(
  data: PagedData<T, P> | undefined,
  taken: TakenItem<T>,
  matches: (item: T) => boolean,
): PagedData<T, P> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some(matches))) return data;
  const pageIndex = Math.min(taken.pageIndex, data.pages.length - 1);
  const pages = data.pages.map((page, position) => {
    if (position !== pageIndex) return page;
    const items = [...page.items];
    items.splice(Math.min(taken.index, items.length), 0, taken.item);
    return { ...page, items };
  });
  return { ...data, pages };
}

/** Whether a member or a request is the given user's. */
export const isUserRow =
  (userId: string) =>
  (row: { user: { id: string } }): boolean =>
    row.user.id === userId;

/** Applies `update` to the user's row in a cached list (a member's new role). */
export function updateUserRowInData<T extends { user: { id: string } }, P>(
  data: PagedData<T, P> | undefined,
  userId: string,
  update: (row: T) => T,
): PagedData<T, P> | undefined {
  return data && mapPagedItems(data, (row) => (row.user.id === userId ? update(row) : row));
}

export function findUserRowInData<T extends { user: { id: string } }>(
  data: PagedData<T, unknown> | undefined,
  userId: string,
): T | undefined {
  for (const page of data?.pages ?? []) {
    const row = page.items.find(isUserRow(userId));
    if (row) return row;
  }
  return undefined;
}

// ---- posts -------------------------------------------------------------------------------

type PostUpdate = (post: CommunityPostResponse) => CommunityPostResponse;

/**
 * Applies `update` to the post in cached data (a community's first page, later
 * pages, or the post on its own).
 */
export function updatePostInData(data: unknown, postId: string, update: PostUpdate): unknown {
  if (isCommunityPost(data)) return data.id === postId ? update(data) : data;
  if (isCommunityDetail(data)) {
    let changed = false;
    const posts = data.posts.map((post) => {
      if (post.id !== postId) return post;
      const next = update(post);
      if (next !== post) changed = true;
      return next;
    });
    return changed ? { ...data, posts } : data;
  }
  if (isPagedData(data)) {
    return mapPagedItems(data, (item) =>
      isCommunityPost(item) && item.id === postId ? update(item) : item,
    );
  }
  return data;
}

export function findPostInData(data: unknown, postId: string): CommunityPostResponse | undefined {
  if (isCommunityPost(data)) return data.id === postId ? data : undefined;
  if (isCommunityDetail(data)) return data.posts.find((post) => post.id === postId);
  if (!isPagedData(data)) return undefined;
  for (const page of data.pages) {
    for (const item of page.items) if (isCommunityPost(item) && item.id === postId) return item;
  }
  return undefined;
}

export function removePostFromData(data: unknown, postId: string): unknown {
  if (isCommunityDetail(data)) {
    const posts = data.posts.filter((post) => post.id !== postId);
    return posts.length === data.posts.length ? data : { ...data, posts };
  }
  if (isPagedData(data)) {
    return filterPagedItems(data, (item) => !(isCommunityPost(item) && item.id === postId));
  }
  return data;
}

/** A new post first on its community's page (once: a refetch may already have it). */
export function prependPostToData(data: unknown, post: CommunityPostResponse): unknown {
  if (!isCommunityDetail(data) || data.id !== post.communityId) return data;
  if (data.posts.some((item) => item.id === post.id)) return data;
  return { ...data, posts: [post, ...data.posts], postCount: data.postCount + 1 };
}

/**
 * A new comment last in a post's comments (oldest first), once, and only when
 * the last page is loaded: otherwise it comes with a later page.
 */
export function appendCommentToData(
  data: PagedData<CommunityCommentResponse> | undefined,
  comment: CommunityCommentResponse,
): PagedData<CommunityCommentResponse> | undefined {
  const last = data?.pages.at(-1);
  if (!data || !last || last.nextCursor !== null) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === comment.id))) return data;
  return {
    ...data,
    pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }],
  };
}

export type LikeState = Pick<CommunityPostResponse, 'isLiked' | 'likesCount'>;

export const likeStateOf = (post: CommunityPostResponse): LikeState => ({
  isLiked: post.isLiked,
  likesCount: post.likesCount,
});

/** The like state as the server gave it (identity kept when nothing changes). */
export const withLikeState = (post: CommunityPostResponse, state: LikeState) =>
  post.isLiked === state.isLiked && post.likesCount === state.likesCount
    ? post
    : { ...post, isLiked: state.isLiked, likesCount: Math.max(0, state.likesCount) };

/** The like the reader asked for, before the server answers: the count moves by one. */
export const withLike = (post: CommunityPostResponse, isLiked: boolean) =>
  post.isLiked === isLiked
    ? post
    : withLikeState(post, { isLiked, likesCount: post.likesCount + (isLiked ? 1 : -1) });

export const withCommentsDelta = (post: CommunityPostResponse, delta: number) =>
  delta === 0 ? post : { ...post, commentsCount: Math.max(0, post.commentsCount + delta) };

export const withSharesCount = (post: CommunityPostResponse, sharesCount: number) =>
  post.sharesCount === sharesCount ? post : { ...post, sharesCount };

// ---- the cache ---------------------------------------------------------------------------

export interface CommunityCache {
  findCommunity(communityId: string): CommunitySummary | undefined;
  /** Patches the community in every cached copy (lists and its page). */
  updateCommunity(
    communityId: string,
    update: <T extends CommunitySummary>(community: T) => T,
  ): void;
  findPost(postId: string): CommunityPostResponse | undefined;
  /** Patches the post in every cached copy. */
  updatePost(postId: string, update: PostUpdate): void;
  /** Drops the post from every cached copy, its comments, and the post on its own. */
  removePost(postId: string): void;
  /** Puts a new post first on its community's page. */
  prependPost(post: CommunityPostResponse): void;
  /** Puts a new comment last in its post's comments, when they are all loaded. */
  appendComment(comment: CommunityCommentResponse): void;
}

export function communityCache(queryClient: QueryClient): CommunityCache {
  const patch = (map: (data: unknown) => unknown) =>
    queryClient.setQueriesData<unknown>({ queryKey: communityKeys.all }, (data: unknown) =>
      data === undefined ? undefined : map(data),
    );
  const find = <T>(lookup: (data: unknown) => T | undefined): T | undefined => {
    for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: communityKeys.all })) {
      const found = lookup(data);
      if (found) return found;
    }
    return undefined;
  };
  return {
    findCommunity: (communityId) => {
      // A community's page knows the most (memberInfo): it goes first.
      const detail = queryClient.getQueryData<unknown>(communityKeys.detail(communityId));
      if (isCommunityDetail(detail)) return detail;
      return find((data) => findCommunityInData(data, communityId));
    },
    updateCommunity: (communityId, update) =>
      patch((data) => updateCommunityInData(data, communityId, update)),
    findPost: (postId) => find((data) => findPostInData(data, postId)),
    updatePost: (postId, update) => patch((data) => updatePostInData(data, postId, update)),
    removePost: (postId) => {
      patch((data) => removePostFromData(data, postId));
      // Its comments and the post on its own go once nothing shows them: a page still
      // showing them (the post's own, leaving) would read them again, to a 404.
      queryClient.removeQueries({ queryKey: communityKeys.comments(postId), type: 'inactive' });
      queryClient.removeQueries({ queryKey: communityKeys.post(postId), type: 'inactive' });
    },
    prependPost: (post) =>
      queryClient.setQueryData<unknown>(communityKeys.detail(post.communityId), (data: unknown) =>
        data === undefined ? undefined : prependPostToData(data, post),
      ),
    appendComment: (comment) =>
      queryClient.setQueryData<PagedData<CommunityCommentResponse>>(
        communityKeys.comments(comment.postId),
        (data) => appendCommentToData(data, comment),
      ),
  };
}

export function useCommunityCache(): CommunityCache {
  const queryClient = useQueryClient();
  return useMemo(() => communityCache(queryClient), [queryClient]);
}
