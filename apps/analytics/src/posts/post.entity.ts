import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { EngagementCounts } from '../rollups/rollup.entity';

/**
 * What analytics knows of a post, from `tweet.created`, `tweet.updated` and
 * `tweet.deleted`, in whatever order they arrive: `createdAt` is null until the
 * post's `tweet.created` is heard, the newest edit wins (`editedAt`), and a
 * deletion stays (`deletedAt`), so a late create cannot bring a post back.
 * A row may also start with a count (a like heard before the post), `createdAt` null.
 * Its counts are the post's lifetime ones, added to with its rollups (the same batch and
 * transaction): what tweet cards show, and how the dashboard ranks top posts.
 */
@Entity({ name: 'posts' })
@Index('ix_posts_author_created', ['authorId', 'createdAt'])
export class PostEntity extends EngagementCounts {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  authorId!: string;

  /** Set for a reply. */
  @Column({ type: 'uuid', nullable: true })
  parentId!: string | null;

  @Column({ type: 'text', default: '' })
  content!: string;

  @Column({ type: 'varchar', length: 100, array: true, default: () => "'{}'" })
  hashtags!: string[];

  @Column({ type: 'timestamptz', nullable: true })
  createdAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  editedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
