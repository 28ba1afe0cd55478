import type {
  CommunityDetailResponse,
  CommunityPostResponse,
  TweetResponse,
  UserResponse,
} from '@wave/contracts';
import type { ApiResponse } from './support/api-client';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

/**
 * Text no PostgreSQL column can hold (U+0000) and text that shows nothing:
 * every route that takes text answers 400 naming the field, never 500.
 */
describe('text input through the gateway', () => {
  let stack: Stack;
  let ada: ApiClient;
  let adaUser: UserResponse;
  let tweet: TweetResponse;
  let community: CommunityDetailResponse;
  let post: CommunityPostResponse;

  const NUL = '\u0000';

  /** The services' log lines at error level (pino's 50): a 500 is logged there. */
  const errorLines = (): string[] =>
    [
      stack.gateway,
      stack.identity,
      stack.timeline,
      stack.communities,
      stack.search,
      stack.media,
      stack.recommendations,
      stack.analytics,
    ]
      .flatMap((service) => service.output().split('\n'))
      .filter((line) => line.includes('"level":50'));

  const expectRefused = (response: ApiResponse, message: string) => {
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { message },
    });
  };

  beforeAll(async () => {
    stack = await startStack('input');
    ada = new ApiClient(stack.gateway.url);
    const registered = await ada.post<UserResponse>('/api/register', newAccount('ada'));
    expect(registered.status).toBe(201);
    adaUser = registered.body;
    const posted = await ada.post<TweetResponse>('/api/tweets', { content: 'First post' });
    expect(posted.status).toBe(201);
    tweet = posted.body;
    const created = await ada.post<CommunityDetailResponse>('/api/communities', {
      name: 'Input Hardening',
      category: 'Technology',
    });
    expect(created.status).toBe(201);
    community = created.body;
    const shared = await ada.post<CommunityPostResponse>(`/api/communities/${community.id}/posts`, {
      content: 'Hello members',
    });
    expect(shared.status).toBe(201);
    post = shared.body;
  });
  afterAll(() => stack?.stop());

  let loggedBefore = new Set<string>();
  beforeEach(() => {
    loggedBefore = new Set(errorLines());
  });
  afterEach(() => {
    expect(errorLines().filter((line) => !loggedBefore.has(line))).toEqual([]);
  });

  it('refuses U+0000 in query parameters with 400 naming the parameter', async () => {
    expectRefused(await ada.get('/api/search?q=%00'), 'q must not contain control characters');
    expectRefused(await ada.get('/api/search?q=wave%00'), 'q must not contain control characters');
    expectRefused(
      await ada.get('/api/communities?search=%00'),
      'search must not contain control characters',
    );
  });

  it('refuses U+0000 in every text field with 400 naming the field', async () => {
    expectRefused(
      await ada.post('/api/tweets', { content: `a${NUL}b` }),
      'content must not contain control characters',
    );
    expectRefused(
      await ada.post(`/api/tweets/${tweet.id}/reply`, { content: `a${NUL}b` }),
      'content must not contain control characters',
    );
    expectRefused(
      await ada.put(`/api/tweets/${tweet.id}`, { content: `a${NUL}b` }),
      'content must not contain control characters',
    );
    expectRefused(
      await ada.put('/api/users/profile', { bio: `a${NUL}b` }),
      'Bio must not contain control characters',
    );
    expectRefused(
      await ada.put('/api/users/profile', { displayName: `a${NUL}b` }),
      'Display name must not contain control characters',
    );
    expectRefused(
      await ada.post('/api/communities', { name: `Null${NUL}Club`, category: 'Technology' }),
      'name must not contain control characters',
    );
    expectRefused(
      await ada.put(`/api/communities/${community.id}`, { rules: [`Be kind${NUL}`] }),
      'a rule must not contain control characters',
    );
    expectRefused(
      await ada.post(`/api/communities/${community.id}/posts`, { content: `a${NUL}b` }),
      'content must not contain control characters',
    );
    expectRefused(
      await ada.post(`/api/posts/${post.id}/comments`, { content: `a${NUL}b` }),
      'content must not contain control characters',
    );
    expectRefused(
      await ada.post('/api/search/analytics', {
        query: `wave${NUL}`,
        resultId: tweet.id,
        resultType: 'post',
      }),
      'query must not contain control characters',
    );
  });

  it('refuses U+0000 in a sign-in with 400 naming the field', async () => {
    const visitor = new ApiClient(stack.gateway.url);
    expectRefused(
      await visitor.post('/api/login', { email: `ada${NUL}@example.test`, password: 'x' }),
      'Email must not contain control characters',
    );
    expectRefused(
      await visitor.post('/api/login', { email: 'ada@example.test', password: `pass${NUL}` }),
      'Password must not contain control characters',
    );
  });

  it('refuses U+0000 in path parameters with 400', async () => {
    const reference = 'User must be given by a valid id or username';
    expectRefused(await ada.get('/api/users/%00'), reference);
    expectRefused(await ada.get('/api/users/%00/followers'), reference);
    expectRefused(await ada.get('/api/users/%00/following'), reference);
    expectRefused(await ada.get('/api/users/%00/tweets'), reference);
    expectRefused(await ada.get('/api/tweets/%00'), 'Post id must be a valid id');
    expectRefused(await ada.get('/api/posts/%00'), 'Post id must be a valid id');
    expectRefused(await ada.get('/api/communities/%00'), 'Community id must be a valid id');
  });

  it('requires a visible character in a display name and a post', async () => {
    for (const invisible of ['\u200b', '\u202e', '\u3164', '\u2800', '\u200b\ufe0f \u2060']) {
      expectRefused(
        await ada.put('/api/users/profile', { displayName: invisible }),
        'Display name is required',
      );
      expectRefused(
        await ada.post('/api/tweets', { content: invisible }),
        'A post needs text or an image',
      );
      expectRefused(
        await ada.put(`/api/tweets/${tweet.id}`, { content: invisible }),
        'A post cannot be empty',
      );
      expectRefused(
        await ada.post(`/api/tweets/${tweet.id}/reply`, { content: invisible }),
        'A reply cannot be empty',
      );
      expectRefused(
        await ada.post(`/api/communities/${community.id}/posts`, { content: invisible }),
        'A post cannot be empty',
      );
      expectRefused(
        await ada.post(`/api/posts/${post.id}/comments`, { content: invisible }),
        'A comment cannot be empty',
      );
    }
    const profile = await ada.get<UserResponse>(`/api/users/${adaUser.id}`);
    expect(profile.body.displayName).toBe(adaUser.displayName);
  });

  it('stores names without bidirectional controls, and text in NFC', async () => {
    const renamed = await ada.put<UserResponse>('/api/users/profile', {
      displayName: 'Ada \u202egnp.exe',
      firstName: '\u2067Ada\u2069',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ displayName: 'Ada gnp.exe', firstName: 'Ada' });
    expect((await ada.get<UserResponse>(`/api/users/${adaUser.id}`)).body.displayName).toBe(
      'Ada gnp.exe',
    );

    const posted = await ada.post<TweetResponse>('/api/tweets', { content: 'cafe\u0301' });
    expect(posted.status).toBe(201);
    expect(posted.body.content).toBe('caf\u00e9');
    expect((await ada.get<TweetResponse>(`/api/tweets/${posted.body.id}`)).body.content).toBe(
      'caf\u00e9',
    );

    const named = await ada.post<CommunityDetailResponse>('/api/communities', {
      name: '\u202eCre\u0300me',
      category: 'Cooking',
    });
    expect(named.status).toBe(201);
    expect(named.body.name).toBe('Cr\u00e8me');
  });
});
