import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The words of a member's bio, as PostgreSQL's English text search makes them (stemmed, without
 * stop words): "similar profiles" finds people by the words they describe themselves with.
 * Kept by `upsertUser` when a newer profile arrives, with TermStatEntity.
 */
@Entity({ name: 'user_terms' })
@Index('ix_user_terms_term', ['term', 'userId'])
export class UserTermEntity {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  term!: string;
}

/**
 * How many bios hold each term (document frequency, for the inverse document frequency that
 * makes a rare shared word count for more than a common one); the row of the empty term counts
 * the bios that have any word. Moved by the same statement that changes a member's terms.
 */
@Entity({ name: 'term_stats' })
export class TermStatEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  term!: string;

  @Column({ type: 'integer' })
  docs!: number;
}
