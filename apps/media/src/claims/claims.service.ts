import { Injectable } from '@nestjs/common';
import type { RpcRequest, RpcResponse } from '@wave/contracts';
import { uploadIdOf } from '../uploads/upload-signature.util';
import { UploadsRepository } from '../uploads/uploads.repository';

/**
 * Claims uploads for a post or a profile: each must be a stored upload of the
 * owner's. All or nothing; claimed uploads are kept, unclaimed ones expire.
 */
@Injectable()
export class ClaimsService {
  constructor(private readonly uploads: UploadsRepository) {}

  async claim(
    request: RpcRequest<'media.claim-objects'>,
  ): Promise<RpcResponse<'media.claim-objects'>> {
    const ids: string[] = [];
    for (const objectPath of request.objectPaths) {
      const id = uploadIdOf(objectPath);
      if (!id) return { ok: false, reason: 'not-an-upload', objectPath };
      ids.push(id);
    }
    const found = new Map((await this.uploads.findMany(ids)).map((upload) => [upload.id, upload]));
    for (const [index, id] of ids.entries()) {
      const objectPath = request.objectPaths[index] ?? '';
      const upload = found.get(id);
      if (!upload || upload.status !== 'stored')
        return { ok: false, reason: 'not-found', objectPath };
      if (upload.ownerId !== request.ownerId) return { ok: false, reason: 'not-yours', objectPath };
    }
    await this.uploads.claim(ids, request.purpose);
    return { ok: true };
  }
}
