import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ImageProxyQuery } from '@wave/contracts';
import { imageProxyQuerySchema } from '@wave/contracts';
import { ZodValidationPipe } from '@wave/service-runtime';
import { ImageProxyService } from './image-proxy.service';

@Controller('api/image-proxy')
export class ImageProxyController {
  constructor(private readonly service: ImageProxyService) {}

  /** Streams the image; Fastify destroys the response if the body fails mid-way. */
  @Get()
  async proxy(
    @Query(new ZodValidationPipe(imageProxyQuerySchema)) query: ImageProxyQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const image = await this.service.proxy(query.url, query.sig);
    void reply.headers(image.headers).send(image.body);
  }
}
