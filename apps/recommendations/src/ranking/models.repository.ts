import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ModelEntity } from './model.entity';

export interface TrainedModel {
  featureNames: string[];
  weights: number[];
  samples: number;
  metrics: Record<string, number>;
  trainedAt: Date;
}

@Injectable()
export class ModelsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async latest(): Promise<(TrainedModel & { id: number }) | null> {
    return this.dataSource.getRepository(ModelEntity).findOne({ where: {}, order: { id: 'DESC' } });
  }

  async add(model: TrainedModel): Promise<number> {
    const saved = await this.dataSource.getRepository(ModelEntity).save(model);
    return saved.id;
  }
}
