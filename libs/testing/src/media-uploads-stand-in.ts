import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_IDENTITY_HEADER, verifyInternalIdentity } from '@wave/internal-auth';

/** An upload the stand-in received: whose, what and where. */
export interface ReceivedUpload {
  ownerId: string;
  objectPath: string;
  contentType: string;
  size: number;
}

export interface MediaUploadsStandIn {
  /** Its origin, for a service's `MEDIA_URL`. */
  url: string;
  uploads: ReceivedUpload[];
  close(): Promise<void>;
}

/**
 * Media's upload sequence over HTTP for services tested without media (the
 * whole-stack tests use the real one): `POST /api/objects/upload` hands out a
 * single-use URL, `PUT` to it stores nothing but answers with its object path.
 * Both check the internal identity header as media does (signed with `secret`
 * for the method and URL) and refuse without one. Claims are another stand-in's
 * (startMediaClaimsStandIn).
 */
export async function startMediaUploadsStandIn(secret: string): Promise<MediaUploadsStandIn> {
  const uploads: ReceivedUpload[] = [];
  const tickets = new Map<string, string>();
  const server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = request.url ?? '';
    const method = request.method ?? 'GET';
    const header = request.headers[INTERNAL_IDENTITY_HEADER];
    const identity = verifyInternalIdentity({
      secret,
      header: typeof header === 'string' ? header : undefined,
      method,
      url,
    });
    if (!identity.ok || !identity.userId) return answer(401, { message: 'Not signed in' });
    const ownerId = identity.userId;
    if (method === 'POST' && url === '/api/objects/upload') {
      const id = randomUUID();
      tickets.set(id, ownerId);
      return answer(200, { uploadURL: `/objects/uploads/${id}?expires=1&signature=stand-in` });
    }
    const id = /^\/objects\/uploads\/([0-9a-f-]{36})\?/.exec(url)?.[1];
    if (method !== 'PUT' || !id) return answer(404, { message: 'Not found' });
    if (tickets.get(id) !== ownerId) return answer(403, { message: 'Not your upload URL' });
    tickets.delete(id);
    let size = 0;
    request.on('data', (chunk: Buffer) => (size += chunk.length));
    request.on('end', () => {
      const objectPath = `/objects/uploads/${id}`;
      const contentType = request.headers['content-type'] ?? 'application/octet-stream';
      uploads.push({ ownerId, objectPath, contentType, size });
      answer(200, { objectPath, contentType, size, width: 1, height: 1 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
