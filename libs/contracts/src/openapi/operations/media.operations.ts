import { z } from 'zod';
import { idSchema } from '../../common/id.contract';
import { uploadUrlQuerySchema } from '../../media/upload.contract';
import type { ApiOperation } from '../api-operation.contract';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
const objectId = z.object({ id: idSchema('Object id') });

/** Serving an upload: the original, or the variant feeds show. */
const objectOperation = (
  operationId: string,
  path: `/${string}`,
  summary: string,
): ApiOperation => ({
  operationId,
  method: 'GET',
  path,
  service: 'media',
  summary,
  description: 'With an ETag, ranges and a year of immutable caching; HEAD answers too.',
  auth: 'none',
  params: objectId,
  responses: {
    200: { description: 'The image', mediaType: 'image/*' },
    206: { description: 'The range asked for', mediaType: 'image/*' },
    304: { description: 'Unchanged (If-None-Match)', mediaType: null },
    404: 'No such object',
    416: {
      description: 'A range outside the image (`Content-Range` gives its size)',
      mediaType: null,
    },
  },
});

/** Uploads into object storage, and serving them. */
export const mediaOperations = (): ApiOperation[] => [
  {
    operationId: 'createUploadUrl',
    method: 'POST',
    path: '/api/objects/upload',
    service: 'media',
    summary: 'Ask for an upload URL',
    description: 'Single use, valid for 15 minutes.',
    auth: 'required',
    responses: { 200: '`{uploadURL}`: `/objects/uploads/<id>?expires=…&signature=…`' },
  },
  {
    operationId: 'uploadImage',
    method: 'PUT',
    path: '/objects/uploads/{id}',
    service: 'media',
    summary: "Upload an image to an upload URL (the URL's own query)",
    auth: 'required',
    params: z.object({ id: idSchema('Upload id') }),
    query: uploadUrlQuerySchema,
    rawBody: {
      mediaTypes: IMAGE_TYPES,
      description: "The image's bytes, with its content type; judged by its bytes",
    },
    responses: {
      200: '`{objectPath, contentType, size, width, height}`',
      403: "A wrong signature, or someone else's URL",
      409: 'The URL was used',
      410: 'The URL expired',
      413: 'Over 25 MB or too many pixels',
      415: 'Not a PNG, JPEG, WebP, GIF or AVIF',
      422: 'An image that cannot be read',
    },
  },
  objectOperation('getObject', '/objects/uploads/{id}', 'An uploaded image'),
  objectOperation(
    'getObjectDisplay',
    '/objects/uploads/{id}/display',
    'An uploaded image as feeds show it: a WebP at most 1080 px wide',
  ),
];
