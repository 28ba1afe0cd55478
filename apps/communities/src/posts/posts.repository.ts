import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { CommunityAuthor } from '@wave/contracts';
import type { KeysetPosition } from '@wave/database';
import { TABLES } from '../common/tables.constant';

/** A post as the reader sees it. */
export interface PostRow {
  id: string;
  communityId: string;
  authorId: string;
  author: CommunityAuthor;
  content: string;
  mediaUrls: string[];
  createdAt: Date;
  isLiked: boolean;
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
}

export interface CommentRow {
  id: string;
  postId: string;
  authorId: string;
  author: CommunityAuthor;
  content: string;
  createdAt: Date;
}

/** The bare post, for permission checks. */
export interface PostHead {
  id: string;
  communityId: string;
  authorId: string;
  likesCount: number;
  sharesCount: number;
  isPrivate: boolean;
}

export type PostCounter = 'likes_count' | 'comments_count' | 'shares_count';

const authorOf = (alias: string, idColumn: string) =>
  `json_build_object('id', ${idColumn}, 'username', coalesce(${alias}.username, 'unknown'),
    'displayName', coalesce(${alias}.display_name, 'Unknown user'),
    'profileImageUrl', ${alias}.profile_image_url)`;

const POST_COLUMNS = `p.id, p.community_id AS "communityId", p.author_id AS "authorId",
  ${authorOf('a', 'p.author_id')} AS author, p.content, p.media_urls AS "mediaUrls",
  p.created_at AS "createdAt", (l.user_id IS NOT NULL) AS "isLiked",
  p.likes_count AS "likesCount", p.comments_count AS "commentsCount",
  p.shares_count AS "sharesCount"`;

/** $1 is the reader (may be null). */
const POST_JOINS = `LEFT JOIN ${TABLES.authors} a ON a.id = p.author_id
  LEFT JOIN ${TABLES.postLikes} l ON l.post_id = p.id AND l.user_id = $1`;

/** The only code that reads and writes community posts, their likes and comments. */
@Injectable()
export class PostsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One page of a community's posts, the newest first. */
  feed(
    communityId: string,
    readerId: string | null,
    before: KeysetPosition | null,
    limit: number,
  ): Promise<PostRow[]> {
    const parameters: unknown[] = [readerId, communityId];
    let where = '';
    if (before) {
      parameters.push(before.at, before.id);
      where = 'AND (p.created_at, p.id) < ($3, $4)';
    }
    parameters.push(limit);
    return this.dataSource.query(
      `SELECT ${POST_COLUMNS} FROM ${TABLES.posts} p ${POST_JOINS}
       WHERE p.community_id = $2 ${where}
       ORDER BY p.created_at DESC, p.id DESC LIMIT $${parameters.length}`,
      parameters,
    );
  }

  /** Those of `ids` that are posts that exist. */
  async existingIds(ids: string[]): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM ${TABLES.posts} WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  async find(id: string, readerId: string | null): Promise<PostRow | null> {
    const rows: PostRow[] = await this.dataSource.query(
      `SELECT ${POST_COLUMNS} FROM ${TABLES.posts} p ${POST_JOINS} WHERE p.id = $2`,
      [readerId, id],
    );
    return rows[0] ?? null;
  }

  /** The post and whether its community is private; locked for the transaction when asked. */
  async head(
    id: string,
    manager: EntityManager | DataSource = this.dataSource,
    lock = false,
  ): Promise<PostHead | null> {
    const rows: PostHead[] = await manager.query(
      `SELECT p.id, p.community_id AS "communityId", p.author_id AS "authorId",
         p.likes_count AS "likesCount", p.shares_count AS "sharesCount",
         c.is_private AS "isPrivate"
       FROM ${TABLES.posts} p JOIN ${TABLES.communities} c ON c.id = p.community_id
       WHERE p.id = $1 ${lock ? 'FOR UPDATE OF p' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async insert(
    manager: EntityManager,
    post: {
      id: string;
      communityId: string;
      authorId: string;
      content: string;
      mediaUrls: string[];
      /** Now when not given. */
      createdAt?: Date;
    },
  ): Promise<Date> {
    const rows: { createdAt: Date }[] = await manager.query(
      `INSERT INTO ${TABLES.posts} (id, community_id, author_id, content, media_urls, created_at)
       VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now()))
       RETURNING created_at AS "createdAt"`,
      [
        post.id,
        post.communityId,
        post.authorId,
        post.content,
        post.mediaUrls,
        post.createdAt ?? null,
      ],
    );
    await this.adjustPostCount(manager, post.communityId, 1);
    return rows[0]?.createdAt ?? new Date();
  }

  async delete(manager: EntityManager, post: PostHead): Promise<void> {
    await manager.query(`DELETE FROM ${TABLES.posts} WHERE id = $1`, [post.id]);
    await this.adjustPostCount(manager, post.communityId, -1);
  }

  /** Likes once (`at`, or now); false when the user liked it already. */
  like(manager: EntityManager, postId: string, userId: string, at?: Date): Promise<boolean> {
    return this.recordOnce(manager, TABLES.postLikes, postId, userId, at);
  }

  /** Records a share once per user; false when the user shared it already. */
  share(manager: EntityManager, postId: string, userId: string): Promise<boolean> {
    return this.recordOnce(manager, TABLES.postShares, postId, userId);
  }

  /** Adds the (post, user) row to a table keyed by both; false when it was there. */
  private async recordOnce(
    manager: EntityManager,
    table: (typeof TABLES)['postLikes' | 'postShares'],
    postId: string,
    userId: string,
    at?: Date,
  ): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO ${table} (post_id, user_id, created_at)
       VALUES ($1, $2, COALESCE($3::timestamptz, now()))
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [postId, userId, at ?? null],
    );
    return inserted.length === 1;
  }

  async unlike(manager: EntityManager, postId: string, userId: string): Promise<boolean> {
    const [, deleted]: [unknown[], number] = await manager.query(
      `DELETE FROM ${TABLES.postLikes} WHERE post_id = $1 AND user_id = $2 RETURNING user_id`,
      [postId, userId],
    );
    return deleted === 1;
  }

  /** Moves a counter and returns its new value. */
  async adjust(
    manager: EntityManager,
    postId: string,
    counter: PostCounter,
    delta: number,
  ): Promise<number> {
    const rows: [{ value: number }[], number] = await manager.query(
      `UPDATE ${TABLES.posts} SET ${counter} = ${counter} + $2 WHERE id = $1
       RETURNING ${counter} AS value`,
      [postId, delta],
    );
    return rows[0]?.[0]?.value ?? 0;
  }

  async insertComment(
    manager: EntityManager,
    comment: { id: string; postId: string; authorId: string; content: string; createdAt?: Date },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${TABLES.comments} (id, post_id, author_id, content, created_at)
       VALUES ($1, $2, $3, $4, COALESCE($5::timestamptz, now()))`,
      [comment.id, comment.postId, comment.authorId, comment.content, comment.createdAt ?? null],
    );
  }

  async findComment(id: string): Promise<CommentRow | null> {
    const rows: CommentRow[] = await this.dataSource.query(
      `SELECT k.id, k.post_id AS "postId", k.author_id AS "authorId",
         ${authorOf('a', 'k.author_id')} AS author, k.content, k.created_at AS "createdAt"
       FROM ${TABLES.comments} k LEFT JOIN ${TABLES.authors} a ON a.id = k.author_id
       WHERE k.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** One page of a post's comments, the oldest first. */
  comments(postId: string, after: KeysetPosition | null, limit: number): Promise<CommentRow[]> {
    const parameters: unknown[] = [postId];
    let where = '';
    if (after) {
      parameters.push(after.at, after.id);
      where = 'AND (k.created_at, k.id) > ($2, $3)';
    }
    parameters.push(limit);
    return this.dataSource.query(
      `SELECT k.id, k.post_id AS "postId", k.author_id AS "authorId",
         ${authorOf('a', 'k.author_id')} AS author, k.content, k.created_at AS "createdAt"
       FROM ${TABLES.comments} k LEFT JOIN ${TABLES.authors} a ON a.id = k.author_id
       WHERE k.post_id = $1 ${where}
       ORDER BY k.created_at, k.id LIMIT $${parameters.length}`,
      parameters,
    );
  }

  private async adjustPostCount(manager: EntityManager, id: string, delta: number): Promise<void> {
    await manager.query(
      `UPDATE ${TABLES.communities} SET post_count = post_count + $2 WHERE id = $1`,
      [id, delta],
    );
  }
}
