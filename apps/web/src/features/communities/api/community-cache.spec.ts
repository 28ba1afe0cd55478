import { QueryClient } from '@tanstack/react-query';
import type { CommunityDetailResponse, CommunitySummary } from '@wave/contracts';
import type { PagedData } from '../../../lib/paged-data';
import {
  asMember,
  makeComment,
  makeCommunity,
  makeDetail,
  makeMember,
  makePerson,
  makePost,
  page,
} from '../testing/community-test-utils';
import {
  appendCommentToData,
  communityCache,
  findUserRowInData,
  isUserRow,
  joinedState,
  leftState,
  membershipOf,
  prependPostToData,
  putBackInPagedData,
  removePostFromData,
  takeFromPagedData,
  updatePostInData,
  updateUserRowInData,
  withLike,
  withMemberCountDelta,
  withMembership,
} from './community-cache';
import { communityKeys } from './community-keys';

const paged = <T>(...pages: { items: T[]; nextCursor: string | null }[]): PagedData<T> => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});

describe('community cache', () => {
  describe('membership', () => {
    it('joins a public community at once: a member, one more member', () => {
      const community = makeCommunity({ memberCount: 10 });
      const joined = withMembership(community, joinedState(community));
      expect(joined).toMatchObject({ isMember: true, role: 'member', memberCount: 11 });
    });

    it('shows a pending request for a private community, without membership', () => {
      const community = makeCommunity({ isPrivate: true, memberCount: 10 });
      const joined = withMembership(community, joinedState(community));
      expect(joined).toMatchObject({
        isMember: false,
        hasPendingRequest: true,
        memberCount: 10,
      });
    });

    it('gives a detail memberInfo on joining and takes it away on leaving', () => {
      const detail = makeDetail({ memberCount: 3 });
      const joined = withMembership(detail, joinedState(detail));
      expect(joined.memberInfo).toMatchObject({ role: 'member' });
      const left = withMembership(joined, leftState(joined));
      expect(left).toMatchObject({ memberInfo: null, isMember: false, memberCount: 3 });
    });

    it('rolls back to the exact previous state, memberInfo included', () => {
      const detail = asMember(makeDetail({ memberCount: 5 }), 'moderator');
      const previous = membershipOf(detail);
      const left = withMembership(detail, leftState(detail));
      expect(withMembership(left, previous)).toEqual(detail);
    });

    it('reaches every cached copy: lists and the community page', () => {
      const queryClient = new QueryClient();
      const detail = makeDetail({ memberCount: 7 });
      const other = makeCommunity();
      const listed: CommunitySummary = { ...makeCommunity(), id: detail.id, memberCount: 7 };
      queryClient.setQueryData(communityKeys.detail(detail.id), detail);
      queryClient.setQueryData(
        communityKeys.discover({ category: null, search: '' }),
        paged({ items: [other, listed], nextCursor: null }),
      );
      const cache = communityCache(queryClient);
      const found = cache.findCommunity(detail.id);
      expect(found).toBe(queryClient.getQueryData(communityKeys.detail(detail.id)));
      cache.updateCommunity(detail.id, (community) =>
        withMembership(community, joinedState(community)),
      );
      expect(
        queryClient.getQueryData<CommunityDetailResponse>(communityKeys.detail(detail.id)),
      ).toMatchObject({ memberCount: 8, isMember: true });
      const list = queryClient.getQueryData<PagedData<CommunitySummary>>(
        communityKeys.discover({ category: null, search: '' }),
      );
      expect(list?.pages[0]?.items[0]).toBe(other);
      expect(list?.pages[0]?.items[1]).toMatchObject({ memberCount: 8, isMember: true });
    });
  });

  describe('posts', () => {
    it('patches a post on the community page and in later pages, keeping identity elsewhere', () => {
      const first = makePost();
      const second = makePost();
      const detail = makeDetail({ posts: [first] });
      const liked = updatePostInData(detail, first.id, (post) => withLike(post, true));
      expect((liked as CommunityDetailResponse).posts[0]).toMatchObject({
        isLiked: true,
        likesCount: 1,
      });
      expect(updatePostInData(detail, 'missing', (post) => withLike(post, true))).toBe(detail);

      const later = paged({ items: [second], nextCursor: null });
      const patched = updatePostInData(later, second.id, (post) => withLike(post, true));
      expect((patched as typeof later).pages[0]?.items[0]?.isLiked).toBe(true);
    });

    it('patches a post on its own, and leaves other posts and communities alone', () => {
      const post = makePost();
      const liked = updatePostInData(post, post.id, (cached) => withLike(cached, true));
      expect(liked).toMatchObject({ id: post.id, isLiked: true, likesCount: 1 });
      expect(updatePostInData(post, 'other', (cached) => withLike(cached, true))).toBe(post);
      const community = makeCommunity();
      expect(updatePostInData(community, community.id, (cached) => cached)).toBe(community);

      const queryClient = new QueryClient();
      queryClient.setQueryData(communityKeys.post(post.id), post);
      const cache = communityCache(queryClient);
      expect(cache.findPost(post.id)).toBe(post);
      cache.updatePost(post.id, (cached) => withLike(cached, true));
      expect(queryClient.getQueryData(communityKeys.post(post.id))).toMatchObject({
        isLiked: true,
      });
    });

    it('appends a new comment once, only when the last page is loaded', () => {
      const first = makeComment();
      const fresh = makeComment();
      const all = paged({ items: [first], nextCursor: null });
      const appended = appendCommentToData(all, fresh);
      expect(appended?.pages[0]?.items).toEqual([first, fresh]);
      expect(appendCommentToData(appended, fresh)).toBe(appended);
      const partial = paged({ items: [first], nextCursor: 'more' });
      expect(appendCommentToData(partial, fresh)).toBe(partial);
      expect(appendCommentToData(undefined, fresh)).toBeUndefined();
    });

    it('removes a post and prepends a new one once', () => {
      const post = makePost();
      const detail = makeDetail({ posts: [post], postCount: 1 });
      expect((removePostFromData(detail, post.id) as CommunityDetailResponse).posts).toEqual([]);
      const fresh = makePost();
      const prepended = prependPostToData(detail, fresh) as CommunityDetailResponse;
      expect(prepended.posts.map((item) => item.id)).toEqual([fresh.id, post.id]);
      expect(prepended.postCount).toBe(2);
      expect(prependPostToData(prepended, fresh)).toBe(prepended);
      expect(removePostFromData(paged({ items: [post], nextCursor: null }), post.id)).toMatchObject(
        { pages: [page([])] },
      );
    });
  });

  describe('members and requests', () => {
    const ada = makeMember({ user: makePerson({ id: 'ada', username: 'ada' }), role: 'owner' });
    const grace = makeMember();
    const linus = makeMember({ user: makePerson({ id: 'linus', username: 'linus' }) });
    const list = () =>
      paged({ items: [ada, grace], nextCursor: 'more' }, { items: [linus], nextCursor: null });

    it('takes a row out and puts it back where it was', () => {
      const data = list();
      const { data: without, taken } = takeFromPagedData(data, isUserRow(grace.user.id));
      expect(taken).toEqual({ item: grace, pageIndex: 0, index: 1 });
      expect(without?.pages[0]?.items).toEqual([ada]);
      expect(without?.pages[1]).toBe(data.pages[1]);
      expect(putBackInPagedData(without, taken!, isUserRow(grace.user.id))).toEqual(data);
    });

    it('leaves a list alone when the row is not there, or is back already', () => {
      const data = list();
      const missing = takeFromPagedData(data, isUserRow('nobody'));
      expect(missing).toEqual({ data, taken: null });
      expect(takeFromPagedData(undefined, isUserRow('ada'))).toEqual({
        data: undefined,
        taken: null,
      });
      const taken = { item: grace, pageIndex: 0, index: 1 };
      expect(putBackInPagedData(data, taken, isUserRow(grace.user.id))).toBe(data);
      expect(putBackInPagedData(undefined, taken, isUserRow(grace.user.id))).toBeUndefined();
    });

    it('puts a row back at the nearest place when its page has shrunk or gone', () => {
      const short = paged({ items: [ada], nextCursor: null });
      const back = putBackInPagedData(
        short,
        { item: linus, pageIndex: 1, index: 5 },
        isUserRow(linus.user.id),
      );
      expect(back?.pages[0]?.items).toEqual([ada, linus]);
    });

    it("finds and patches a user's row", () => {
      const data = list();
      expect(findUserRowInData(data, linus.user.id)).toBe(linus);
      expect(findUserRowInData(data, 'nobody')).toBeUndefined();
      const promoted = updateUserRowInData(data, linus.user.id, (row) => ({
        ...row,
        role: 'moderator' as const,
      }));
      expect(promoted?.pages[1]?.items[0]?.role).toBe('moderator');
      expect(promoted?.pages[0]).toBe(data.pages[0]);
      expect(updateUserRowInData(undefined, linus.user.id, (row) => row)).toBeUndefined();
    });

    it('moves a member count, never below zero', () => {
      const community = makeCommunity({ memberCount: 1 });
      expect(withMemberCountDelta(community, 1).memberCount).toBe(2);
      expect(withMemberCountDelta(community, -2).memberCount).toBe(0);
      expect(withMemberCountDelta(community, 0)).toBe(community);
    });
  });
});
