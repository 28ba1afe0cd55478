import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { SearchResultType } from '@wave/contracts';

/** A member's chosen search result (`search.clicked`): interest in a person, a post or a tag. */
@Entity({ name: 'search_clicks' })
@Index('ix_search_clicks_user_at', ['userId', 'at'])
export class SearchClickEntity {
  @PrimaryColumn({ type: 'uuid' })
  clickId!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 10 })
  resultType!: SearchResultType;

  @Column({ type: 'varchar', length: 200 })
  resultId!: string;

  @Column({ type: 'timestamptz' })
  at!: Date;
}
