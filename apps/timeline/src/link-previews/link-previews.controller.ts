import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { LinkPreview, LinkPreviewRequest } from '@wave/contracts';
import { linkPreviewRequestSchema } from '@wave/contracts';
import { ZodValidationPipe } from '@wave/service-runtime';
import { LinkPreviewsService } from './link-previews.service';

@Controller('api/link-preview')
export class LinkPreviewsController {
  constructor(private readonly service: LinkPreviewsService) {}

  @Post()
  @HttpCode(200)
  preview(
    @Body(new ZodValidationPipe(linkPreviewRequestSchema)) body: LinkPreviewRequest,
  ): Promise<LinkPreview> {
    return this.service.previewFor(body.url);
  }
}
