import { request as httpRequest } from 'node:http';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { INTERNAL_SECRET_FOR_TESTS, startStack } from './support/stack';

interface User {
  id: string;
}

describe('gateway security', () => {
  let stack: Stack;
  let member: ApiClient;
  let memberUser: User;

  beforeAll(async () => {
    stack = await startStack('security');
    member = new ApiClient(stack.gateway.url);
    memberUser = (await member.post<User>('/api/register', newAccount('member'))).body;
  });
  afterAll(() => stack?.stop());

  describe('the signed internal identity', () => {
    it('is required by the services: a direct call without it is refused', async () => {
      const direct = await fetch(`${stack.identity.url}/api/user`);
      expect(direct.status).toBe(401);
      expect(await direct.json()).toEqual({ message: 'Requests must come through the gateway' });
    });

    it('cannot be forged: a made-up or wrongly signed header is refused', async () => {
      const forged = await fetch(`${stack.identity.url}/api/user`, {
        headers: { [INTERNAL_IDENTITY_HEADER]: `v1.${memberUser.id}.${Date.now() + 10_000}.AAAA` },
      });
      expect(forged.status).toBe(401);
      const wrongSecret = await fetch(`${stack.identity.url}/api/user`, {
        headers: {
          [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
            secret: 'not-the-secret-not-the-secret-not-the-secret',
            userId: memberUser.id,
            method: 'GET',
            url: '/api/user',
          }),
        },
      });
      expect(wrongSecret.status).toBe(401);
      expect(await wrongSecret.json()).toEqual({ message: 'Invalid internal identity' });
    });

    it('is bound to its route: a header signed for one path does not open another', async () => {
      const header = signInternalIdentity({
        secret: INTERNAL_SECRET_FOR_TESTS,
        userId: memberUser.id,
        method: 'GET',
        url: `/api/users/${memberUser.id}`,
      });
      const replayed = await fetch(`${stack.identity.url}/api/user`, {
        headers: { [INTERNAL_IDENTITY_HEADER]: header },
      });
      expect(replayed.status).toBe(401);
      const genuine = await fetch(`${stack.identity.url}/api/users/${memberUser.id}`, {
        headers: { [INTERNAL_IDENTITY_HEADER]: header },
      });
      expect(genuine.status).toBe(200);
    });

    it('sent by a client to the gateway is replaced, never trusted', async () => {
      const header = signInternalIdentity({
        secret: INTERNAL_SECRET_FOR_TESTS,
        userId: memberUser.id,
        method: 'GET',
        url: '/api/user',
      });
      const response = await new ApiClient(stack.gateway.url).get('/api/user', {
        headers: { [INTERNAL_IDENTITY_HEADER]: header },
      });
      expect(response.status).toBe(401);
    });
  });

  describe('CSRF', () => {
    it('refuses a state-changing request from a foreign origin', async () => {
      const response = await member.put(
        '/api/users/profile',
        { bio: 'pwned' },
        {
          headers: { origin: 'https://evil.example' },
        },
      );
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Cross-site request refused' });
      expect((await member.get<{ bio: string | null }>('/api/user')).body.bio).toBeNull();
    });

    it('refuses a cross-site fetch that hides its origin', async () => {
      const response = await member.post('/api/logout', undefined, {
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(response.status).toBe(403);
      expect((await member.get('/api/user')).status).toBe(200);
    });

    it('allows the configured web origin and the gateway itself', async () => {
      const fromWeb = await member.put(
        '/api/users/profile',
        { bio: 'from the web app' },
        {
          headers: { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-site' },
        },
      );
      expect(fromWeb.status).toBe(200);
      const own = await member.put(
        '/api/users/profile',
        { bio: 'from the gateway origin' },
        {
          headers: { origin: stack.gateway.url },
        },
      );
      expect(own.status).toBe(200);
    });

    it('lets reads through from anywhere', async () => {
      const response = await member.get('/api/user', {
        headers: { origin: 'https://evil.example' },
      });
      expect(response.status).toBe(200);
    });
  });

  describe('headers, errors and limits', () => {
    it('sends security headers and no x-powered-by, also on proxied answers', async () => {
      for (const path of ['/api/user', '/api/health', '/api/unknown']) {
        const response = await member.get(path);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
        expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(response.headers.get('strict-transport-security')).toContain('max-age=');
        expect(response.headers.get('x-powered-by')).toBeNull();
      }
    });

    it('answers unknown /api routes with a JSON 404', async () => {
      const response = await member.get('/api/does-not-exist');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body).toEqual({ message: 'No such endpoint: GET /api/does-not-exist' });
    });

    it('gives every answer a request id, keeping a sane one from the caller', async () => {
      const given = await member.get('/api/user', { headers: { 'x-request-id': 'trace-42' } });
      expect(given.headers.get('x-request-id')).toBe('trace-42');
      const made = await member.get('/api/user', {
        headers: { 'x-request-id': 'bad id with spaces' },
      });
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('refuses a JSON body over 1 MB with 413 before it reaches the service', async () => {
      const response = await member.put('/api/users/profile', { bio: 'x'.repeat(1_100_000) });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ message: 'Request body is too large (at most 1 MB)' });
    });

    it('cuts off a chunked body that grows past the limit', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${stack.gateway.url}/api/users/profile`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            cookie: `wave_session=${member.sessionCookie}`,
          },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const write = () => {
          while (sent < 40) {
            sent += 1;
            if (!req.write(chunk)) {
              req.once('drain', write);
              return;
            }
          }
          req.end();
        };
        write();
      }).catch(() => 413);
      expect(status).toBe(413);
    });

    it('refuses invalid JSON with 400 and a clear message', async () => {
      const response = await member.request('PUT', '/api/users/profile', {
        rawBody: '{"bio": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Request body is not valid JSON' });
    });
  });
});
