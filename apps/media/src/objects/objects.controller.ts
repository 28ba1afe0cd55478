import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { idSchema } from '@wave/contracts';
import { ZodValidationPipe } from '@wave/service-runtime';
import type { Variant } from './objects.service';
import { ObjectsService } from './objects.service';

const uploadId = new ZodValidationPipe(idSchema('Object id'));

/** `GET /objects/uploads/<id>` (and HEAD) serves an upload; `/display` its feed-sized variant. */
@Controller('objects/uploads')
export class ObjectsController {
  constructor(private readonly service: ObjectsService) {}

  @Get(':id')
  original(
    @Param('id', uploadId) id: string,
    @Headers('range') range: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.send(reply, id, 'original', range, ifNoneMatch);
  }

  @Get(':id/display')
  display(
    @Param('id', uploadId) id: string,
    @Headers('range') range: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.send(reply, id, 'display', range, ifNoneMatch);
  }

  private async send(
    reply: FastifyReply,
    id: string,
    variant: Variant,
    range: string | undefined,
    ifNoneMatch: string | undefined,
  ): Promise<void> {
    const served = await this.service.serve(id, variant, range, ifNoneMatch);
    await reply
      .status(served.status)
      .headers(served.headers)
      .send(served.body ?? undefined);
  }
}
