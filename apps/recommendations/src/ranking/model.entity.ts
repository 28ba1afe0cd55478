import { Column, Entity, Generated, PrimaryColumn } from 'typeorm';

/**
 * A trained ranker: the weights of its logistic regression over FEATURE_NAMES (in that order),
 * and how it did on the outcomes held out of its training. The newest row is the one in use;
 * without any, the ranker's starting weights are.
 */
@Entity({ name: 'models' })
export class ModelEntity {
  @PrimaryColumn({ type: 'integer' })
  @Generated('increment')
  id!: number;

  @Column({ type: 'text', array: true })
  featureNames!: string[];

  @Column({ type: 'double precision', array: true })
  weights!: number[];

  @Column({ type: 'integer' })
  samples!: number;

  @Column({ type: 'jsonb' })
  metrics!: Record<string, number>;

  @Column({ type: 'timestamptz' })
  trainedAt!: Date;
}
