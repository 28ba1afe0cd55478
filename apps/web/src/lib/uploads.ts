import { api, apiRequest } from './api-client';
import { objectPathFromUploadUrl } from './object-path';

/** What media answers for a stored upload. */
export interface UploadedObject {
  objectPath: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

/** POST /api/objects/upload: a single-use URL, valid 15 minutes, to PUT one image to. */
export const requestUploadUrl = (): Promise<{ uploadURL: string }> =>
  api.post<{ uploadURL: string }>('/api/objects/upload');

/** PUT <uploadURL>: the file's bytes with its content type; errors as the API client's. */
export const putUpload = (uploadURL: string, file: Blob): Promise<UploadedObject | undefined> =>
  apiRequest<UploadedObject | undefined>('PUT', uploadURL, { file });

/**
 * The upload sequence (spec part 1, section 7): an upload URL, then the file
 * PUT to it. Answers the URL and the object path (`/objects/uploads/<id>`), as
 * media reports it or derived from the URL's path.
 */
export async function uploadImage(file: Blob): Promise<{ uploadURL: string; objectPath: string }> {
  const { uploadURL } = await requestUploadUrl();
  const answer = await putUpload(uploadURL, file);
  const objectPath =
    answer?.objectPath ?? objectPathFromUploadUrl(uploadURL, window.location.origin);
  if (!objectPath) throw new Error(`The upload URL names no object: ${uploadURL}`);
  return { uploadURL, objectPath };
}
