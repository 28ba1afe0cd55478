import { Controller, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { UploadUrlQuery } from '@wave/contracts';
import { idSchema, uploadUrlQuerySchema } from '@wave/contracts';
import { AuthenticatedUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import type { StoredUploadResponse, UploadUrlResponse } from './uploads.service';
import { UploadsService } from './uploads.service';

const uploadId = new ZodValidationPipe(idSchema('Upload id'));
const uploadUrlQuery = new ZodValidationPipe(uploadUrlQuerySchema);

@Controller()
export class UploadsController {
  constructor(private readonly service: UploadsService) {}

  /** The first step of the upload sequence: a single-use URL to PUT the image to. */
  @Post('api/objects/upload')
  @HttpCode(200)
  createUploadUrl(@AuthenticatedUserId() userId: string): Promise<UploadUrlResponse> {
    return this.service.createUploadUrl(userId);
  }

  /** The second step: the image's bytes, as the body, with its content type. */
  @Put('objects/uploads/:id')
  @HttpCode(200)
  upload(
    @AuthenticatedUserId() userId: string,
    @Param('id', uploadId) id: string,
    @Query(uploadUrlQuery) query: UploadUrlQuery,
    @Req() request: FastifyRequest,
  ): Promise<StoredUploadResponse> {
    const length = request.headers['content-length'];
    return this.service.receive(
      userId,
      id,
      query.expires,
      query.signature,
      length === undefined ? null : Number(length),
      request.raw,
    );
  }
}
