import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

interface User {
  id: string;
  username: string;
  email?: string;
}

describe('accounts through the gateway', () => {
  let stack: Stack;
  const client = () => new ApiClient(stack.gateway.url);

  beforeAll(async () => {
    stack = await startStack('accounts');
  });
  afterAll(() => stack?.stop());

  it('signs up, reads the current user, signs out and in again', async () => {
    const browser = client();
    const account = newAccount('ada');

    const visitor = await browser.get('/api/user');
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: 'Not signed in' });

    const registered = await browser.post<User>('/api/register', account);
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ username: account.username, email: account.email });
    const setCookie = registered.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /wave_session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/,
    );

    const me = await browser.get<User>('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(registered.body.id);

    const logout = await browser.post('/api/logout');
    expect(logout.status).toBe(204);
    expect((await browser.get('/api/user')).status).toBe(401);

    const login = await browser.post<User>('/api/login', {
      email: account.email,
      password: account.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(registered.body.id);
    expect((await browser.get<User>('/api/user')).body.id).toBe(registered.body.id);
  });

  it('ends the session on the server at logout: the old cookie no longer works', async () => {
    const browser = client();
    const account = newAccount('grace');
    await browser.post('/api/register', account);
    const stolen = browser.sessionCookie!;
    expect((await browser.post('/api/logout')).status).toBe(204);

    const replay = client();
    replay.setCookie('wave_session', stolen);
    const response = await replay.get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Not signed in' });
  });

  it('issues a new token at every sign-in and ends the previous one', async () => {
    const browser = client();
    const account = newAccount('alan');
    await browser.post('/api/register', account);
    const first = browser.sessionCookie!;
    await browser.post('/api/login', { email: account.email, password: account.password });
    const second = browser.sessionCookie!;
    expect(second).not.toBe(first);
    const old = client();
    old.setCookie('wave_session', first);
    expect((await old.get('/api/user')).status).toBe(401);
  });

  it('treats a garbage session cookie as a visitor', async () => {
    const browser = client();
    browser.setCookie('wave_session', 'garbage');
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it.each([
    [
      { username: 'x_ok', email: 'x@example.test', password: 'long enough secret' },
      400,
      'Display name is required',
    ],
    [
      { displayName: 'X', email: 'x@example.test', password: 'long enough secret' },
      400,
      'Username is required',
    ],
    [
      { displayName: 'X', username: 'x_ok', password: 'long enough secret' },
      400,
      'Email is required',
    ],
    [{ displayName: 'X', username: 'x_ok', email: 'x@example.test' }, 400, 'Password is required'],
    [
      { displayName: 'X', username: 'x_ok', email: 'nope', password: 'long enough secret' },
      400,
      'Email must be a valid email address',
    ],
    [
      { displayName: 'X', username: 'x!', email: 'x@example.test', password: 'long enough secret' },
      400,
      'Username must be 3 to 30 characters: letters, digits and underscores only',
    ],
    [
      { displayName: 'X', username: 'x_ok', email: 'x@example.test', password: '1234567' },
      400,
      'Password must be at least 8 characters',
    ],
    [
      { displayName: 'X', username: 'x_ok', email: 'x@example.test', password: 'Password123' },
      400,
      'Password is too common; choose one that is harder to guess',
    ],
    [
      { displayName: 'X', username: 'x_ok', email: 'x@example.test', password: 'p'.repeat(129) },
      400,
      'Password must be at most 128 characters',
    ],
  ])('refuses the sign-up %p with %i "%s"', async (body, status, message) => {
    const response = await client().post('/api/register', body);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a taken username (any case) and a taken email with 409', async () => {
    const account = newAccount('taken');
    expect((await client().post('/api/register', account)).status).toBe(201);
    const sameName = await client().post('/api/register', {
      ...newAccount('other'),
      username: account.username.toUpperCase(),
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ message: 'Username is already taken' });
    const sameEmail = await client().post('/api/register', {
      ...newAccount('other'),
      email: account.email,
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ message: 'An account with this email already exists' });
  });

  it('gives one 401 message for an unknown email and a wrong password', async () => {
    const account = newAccount('login');
    await client().post('/api/register', account);
    const wrong = await client().post('/api/login', {
      email: account.email,
      password: 'wrong password',
    });
    const unknown = await client().post('/api/login', {
      email: 'nobody@example.test',
      password: 'wrong password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [{ password: 'x' }, 'Email is required'],
    [{ email: 'a@example.test' }, 'Password is required'],
  ])('refuses the sign-in %p with 400 "%s"', async (body, message) => {
    const response = await client().post('/api/login', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('refuses malformed sign-in bodies at the gateway', async () => {
    const broken = await client().request('POST', '/api/login', {
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: 'Request body is not valid JSON' });
    const form = await client().request('POST', '/api/login', {
      rawBody: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ message: 'Unsupported content type: send JSON' });
  });
});
