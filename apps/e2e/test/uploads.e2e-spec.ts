import { Client } from 'pg';
import sharp from 'sharp';
import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

interface Upload {
  objectPath: string;
  contentType: string;
  width: number;
  height: number;
}

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe('uploads and /objects through the gateway', () => {
  let stack: Stack;
  let ada: ApiClient;
  let grace: ApiClient;

  /** The two-step sequence the client runs; returns the upload URL and the PUT's answer. */
  const upload = async (client: ApiClient, body: Buffer, contentType: string) => {
    const ticket = await client.post<{ uploadURL: string }>('/api/objects/upload');
    expect(ticket.status).toBe(200);
    const put = await client.request<Upload>('PUT', ticket.body.uploadURL, {
      rawBody: body,
      headers: { 'content-type': contentType },
    });
    return { uploadURL: ticket.body.uploadURL, put };
  };

  beforeAll(async () => {
    stack = await startStack('uploads', { UPLOAD_URL_TTL_SECONDS: '4' });
    ada = new ApiClient(stack.gateway.url);
    grace = new ApiClient(stack.gateway.url);
    await ada.post('/api/register', newAccount('ada'));
    await grace.post('/api/register', newAccount('grace'));
  });
  afterAll(() => stack?.stop());

  it('takes an image through the upload sequence and serves it back with safe headers', async () => {
    const image = await png(1600, 900);
    const { uploadURL, put } = await upload(ada, image, 'image/png');
    expect(uploadURL).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ contentType: 'image/png', width: 1600, height: 900 });
    expect(uploadURL.startsWith(put.body.objectPath)).toBe(true);

    const served = await fetch(`${stack.gateway.url}${put.body.objectPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(1600);

    const again = await fetch(`${stack.gateway.url}${put.body.objectPath}`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    const part = await fetch(`${stack.gateway.url}${put.body.objectPath}`, {
      headers: { range: 'bytes=0-9' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);

    const display = await fetch(`${stack.gateway.url}${put.body.objectPath}/display`);
    expect(display.status).toBe(200);
    expect(display.headers.get('content-type')).toBe('image/webp');
    expect(
      (await sharp(Buffer.from(await display.arrayBuffer())).metadata()).width,
    ).toBeLessThanOrEqual(1080);
  });

  it('removes EXIF data, location included', async () => {
    const withGps = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#123456' },
    })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Ada' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const { put } = await upload(ada, withGps, 'image/jpeg');
    expect(put.status).toBe(200);
    const served = Buffer.from(
      await (await fetch(`${stack.gateway.url}${put.body.objectPath}`)).arrayBuffer(),
    );
    expect((await sharp(served).metadata()).exif).toBeUndefined();
  });

  it('uses an upload in a post and as the avatar, but not someone else\u2019s', async () => {
    const mine = await upload(ada, await png(), 'image/png');
    const post = await ada.post<{ imageUrls: string[]; imageUrl: string }>('/api/tweets', {
      content: 'with a picture',
      imageUrls: [mine.put.body.objectPath],
    });
    expect(post.status).toBe(201);
    expect(post.body.imageUrl).toBe(mine.put.body.objectPath);

    const avatar = await upload(ada, await png(), 'image/png');
    const profile = await ada.put<{ profileImageUrl: string }>('/api/users/profile/images', {
      imageUrl: avatar.uploadURL,
      imageType: 'profile',
    });
    expect(profile.status).toBe(200);
    expect(profile.body.profileImageUrl).toBe(avatar.put.body.objectPath);

    const stolenPost = await grace.post('/api/tweets', {
      content: 'mine now',
      imageUrls: [mine.put.body.objectPath],
    });
    expect(stolenPost.status).toBe(403);
    const stolenAvatar = await grace.put('/api/users/profile/images', {
      imageUrl: avatar.put.body.objectPath,
      imageType: 'cover',
    });
    expect(stolenAvatar.status).toBe(403);
    expect(stolenAvatar.body).toEqual({ message: 'This image was uploaded by someone else' });
  });

  it("deletes a deleted post's images, a replaced avatar and icon: their URLs stop answering", async () => {
    const status = async (path: string) => (await fetch(`${stack.gateway.url}${path}`)).status;
    const gone = (path: string) =>
      eventually(
        () => status(path),
        (code) => code === 404,
        { what: `${path} deleted` },
      );

    const picture = (await upload(ada, await png(), 'image/png')).put.body.objectPath;
    const kept = (await upload(ada, await png(), 'image/png')).put.body.objectPath;
    const post = await ada.post<{ id: string }>('/api/tweets', {
      content: 'here for a moment',
      imageUrls: [picture],
    });
    const other = await ada.post('/api/tweets', { content: 'staying', imageUrls: [kept] });
    expect([post.status, other.status]).toEqual([201, 201]);
    expect(await status(picture)).toBe(200);
    expect((await ada.delete(`/api/tweets/${post.body.id}`)).status).toBe(204);
    await gone(picture);
    expect(await status(kept)).toBe(200);

    const setAvatar = async () => {
      const { uploadURL, put } = await upload(grace, await png(), 'image/png');
      const profile = await grace.put('/api/users/profile/images', {
        imageUrl: uploadURL,
        imageType: 'profile',
      });
      expect(profile.status).toBe(200);
      return put.body.objectPath;
    };
    const first = await setAvatar();
    const second = await setAvatar();
    await gone(first);
    expect(await status(second)).toBe(200);

    const icon = async () => (await upload(ada, await png(), 'image/png')).put.body.objectPath;
    const [firstIcon, secondIcon] = [await icon(), await icon()];
    const community = await ada.post<{ id: string }>('/api/communities', {
      name: `Icons ${Date.now()}`,
      description: 'Pictures come and go',
      category: 'Art & Design',
      iconUrl: firstIcon,
    });
    expect(community.status).toBe(201);
    const changed = await ada.put(`/api/communities/${community.body.id}`, { iconUrl: secondIcon });
    expect(changed.status).toBe(200);
    await gone(firstIcon);
    expect(await status(secondIcon)).toBe(200);
  });

  it('claims an image only for what is written: refused by a community, it still makes a post', async () => {
    const claimsOn = async (objectPath: string) => {
      const db = new Client({ connectionString: stack.database.url });
      await db.connect();
      try {
        const { rows } = await db.query<{ purpose: string; subject_id: string }>(
          `SELECT purpose, subject_id FROM media.claims WHERE upload_id = $1`,
          [objectPath.split('/').pop()],
        );
        return rows;
      } finally {
        await db.end();
      }
    };
    const name = `Refusals ${Date.now()}`;
    const community = await grace.post<{ id: string }>('/api/communities', {
      name,
      description: 'Members only post here',
      category: 'Art & Design',
    });
    expect(community.status).toBe(201);
    const picture = (await upload(ada, await png(), 'image/png')).put.body.objectPath;

    const takenName = await ada.post('/api/communities', {
      name: name.toUpperCase(),
      category: 'Art & Design',
      iconUrl: picture,
    });
    const notTheOwner = await ada.put(`/api/communities/${community.body.id}`, {
      iconUrl: picture,
    });
    const notAMember = await ada.post(`/api/communities/${community.body.id}/posts`, {
      content: 'Let me in',
      mediaUrls: [picture],
    });
    expect([takenName.status, notTheOwner.status, notAMember.status]).toEqual([409, 403, 403]);
    expect(await claimsOn(picture)).toEqual([]);

    const post = await ada.post<{ id: string; imageUrls: string[] }>('/api/tweets', {
      content: 'Posted here instead',
      imageUrls: [picture],
    });
    expect(post.status).toBe(201);
    expect(post.body.imageUrls).toEqual([picture]);
    expect(await claimsOn(picture)).toEqual([{ purpose: 'tweet', subject_id: post.body.id }]);
    expect((await fetch(`${stack.gateway.url}${picture}`)).status).toBe(200);
  });

  it('posts an inline image (a data URL) stored as an object', async () => {
    const dataUrl = `data:image/png;base64,${(await png(30, 20)).toString('base64')}`;
    const post = await ada.post<{ imageUrls: string[] }>('/api/tweets', {
      content: 'inline',
      imageUrl: dataUrl,
    });
    expect(post.status).toBe(201);
    expect(post.body.imageUrls).toEqual([
      expect.stringMatching(/^\/objects\/uploads\/[0-9a-f-]{36}$/),
    ]);
    const served = await fetch(`${stack.gateway.url}${post.body.imageUrls[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const notAnImage = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
    const refused = await ada.post('/api/tweets', { content: 'sneaky', imageUrl: notAnImage });
    expect(refused.status).toBe(415);
  });

  it('refuses files that are not images, whatever they claim to be', async () => {
    for (const [body, type] of [
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
      ],
      [
        Buffer.from('%PDF-1.7 not an image at all, just some text padding it out'),
        'application/pdf',
      ],
    ] as const) {
      const { put } = await upload(ada, body, type);
      expect(put.status).toBe(415);
      expect(put.body).toEqual({
        message: 'Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded',
      });
    }
  });

  it('refuses an upload over 25 MB', async () => {
    const huge = Buffer.concat([await png(), Buffer.alloc(26 * 1024 * 1024, 1)]);
    const { put } = await upload(ada, huge, 'image/png');
    expect(put.status).toBe(413);
  });

  it('lets an upload URL be used once, by its owner, before it expires', async () => {
    const image = await png();
    const ticket = (await ada.post<{ uploadURL: string }>('/api/objects/upload')).body;
    const stolen = await grace.request('PUT', ticket.uploadURL, {
      rawBody: image,
      headers: { 'content-type': 'image/png' },
    });
    expect(stolen.status).toBe(403);
    const first = await ada.request('PUT', ticket.uploadURL, {
      rawBody: image,
      headers: { 'content-type': 'image/png' },
    });
    expect(first.status).toBe(200);
    const reused = await ada.request('PUT', ticket.uploadURL, {
      rawBody: image,
      headers: { 'content-type': 'image/png' },
    });
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ message: 'This upload URL was already used; ask for a new one' });

    const forged = ticket.uploadURL.replace(/signature=[\w-]+/, 'signature=forged');
    expect(
      (
        await ada.request('PUT', forged, {
          rawBody: image,
          headers: { 'content-type': 'image/png' },
        })
      ).status,
    ).toBe(403);

    const late = (await ada.post<{ uploadURL: string }>('/api/objects/upload')).body;
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    const expired = await ada.request('PUT', late.uploadURL, {
      rawBody: image,
      headers: { 'content-type': 'image/png' },
    });
    expect(expired.status).toBe(410);
  });

  it('needs a signed-in user to ask for an upload URL, and answers 404 for unknown objects', async () => {
    expect((await new ApiClient(stack.gateway.url).post('/api/objects/upload')).status).toBe(401);
    const missing = await fetch(
      `${stack.gateway.url}/objects/uploads/0190b1de-1111-7000-8000-00000000dead`,
    );
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
  });
});
