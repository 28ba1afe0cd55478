import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { LinkPreview, LinkPreviewRequest } from '@wave/contracts';
import { linkPreviewRequestSchema } from '@wave/contracts';
import { AuthenticatedUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { LinkPreviewsService } from './link-previews.service';

@Controller('api/link-preview')
export class LinkPreviewsController {
  constructor(private readonly service: LinkPreviewsService) {}

  /** Members only (the composer is its one caller): a visitor gets 401 before anything is fetched. */
  @Post()
  @HttpCode(200)
  preview(
    @AuthenticatedUserId() userId: string,
    @Body(new ZodValidationPipe(linkPreviewRequestSchema)) body: LinkPreviewRequest,
  ): Promise<LinkPreview> {
    return this.service.preview(userId, body.url);
  }
}
