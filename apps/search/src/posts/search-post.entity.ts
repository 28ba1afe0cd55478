import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';

/**
 * A post as search finds it. `document` holds its words (the 'simple'
 * configuration: no stemming, so any language's words match as written), with
 * a GIN index made in the migration.
 */
@Entity({ name: 'posts' })
@Index('ix_posts_document', { synchronize: false })
@Index('ix_posts_created', ['createdAt', 'id'])
export class SearchPostEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('ix_posts_author')
  @Column({ type: 'uuid' })
  authorId!: string;

  @Column({ type: 'text' })
  content!: string;

  /**
   * The content's words (to_tsvector('simple', content)), stored so matching
   * and ranking read it instead of parsing the text of every candidate again.
   */
  @Column({ type: 'tsvector', select: false })
  document!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}

/** Posts deleted at their source: a late or repeated tweet.created cannot bring them back. */
@Entity({ name: 'deleted_posts' })
export class DeletedPostEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  deletedAt!: Date;
}

/**
 * The newest edit heard of for each post: an older edit arriving later
 * changes nothing, and a post indexed after its edit was heard (a retried
 * create, a reindex page read before the edit) is indexed with it.
 */
@Entity({ name: 'post_edits' })
export class PostEditEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'varchar', length: 100, array: true })
  hashtags!: string[];

  @Column({ type: 'timestamptz', precision: 3 })
  editedAt!: Date;
}

/**
 * Every word seen in posts: a misspelt word is matched to its neighbours
 * (trigrams), and the word being typed to its most used completions (prefix).
 */
@Entity({ name: 'words' })
@Index('ix_words_trgm', { synchronize: false })
@Index('ix_words_prefix', { synchronize: false })
export class SearchWordEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  word!: string;

  /** Posts indexed with the word, counted as they arrive (not uncounted on edits or deletes). */
  @Column({ type: 'integer', default: 0 })
  documents!: number;
}

/** One use of a hashtag by a post, for counts over a date range and trends. */
@Entity({ name: 'hashtag_uses' })
@Index('ix_hashtag_uses_tag_created', ['tag', 'createdAt'])
@Index('ix_hashtag_uses_created', ['createdAt'])
export class HashtagUseEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  tag!: string;

  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @ManyToOne(() => SearchPostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id', foreignKeyConstraintName: 'fk_hashtag_uses_post' })
  post?: SearchPostEntity;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}

/** Every hashtag seen, with a trigram index for prefix and typo matches. */
@Entity({ name: 'hashtags' })
@Index('ix_hashtags_trgm', { synchronize: false })
export class HashtagEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  tag!: string;

  /** Posts using it, ever (the 'all' date range); ranges count hashtag_uses. */
  @Column({ type: 'integer', default: 0 })
  usesCount!: number;
}
