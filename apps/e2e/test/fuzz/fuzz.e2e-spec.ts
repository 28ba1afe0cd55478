import fc from 'fast-check';
import { ApiClient, newAccount } from '../support/api-client';
import type { Stack } from '../support/stack';
import { startStack } from '../support/stack';
import type { FuzzFixtures, FuzzRequest } from './fuzz-request';
import {
  closeFuzzAgent,
  problemWith,
  regressionRequest,
  requestArbitrary,
  send,
} from './fuzz-request';
import { FUZZ_TARGETS, targetName } from './fuzz-targets';

/**
 * Property: whatever arrives at a public route (bodies, path parameters and
 * queries generated from the contracts, then bent with hostile values), the
 * answer is never a 5xx, every refusal is `{ message }` JSON, and no service
 * logs an error. `npm test` runs FUZZ_RUNS cases a route (25 by default);
 * `npm run fuzz` runs many more. A failure prints the shrunk request and the
 * seed (FUZZ_SEED=<seed> replays it).
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 25);
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;
const TIMEOUT_MS = Math.max(60_000, RUNS * 1_000);

describe('fuzzing every route through the gateway', () => {
  let stack: Stack;
  let fixtures: FuzzFixtures;
  let member: ApiClient;
  let memberLogin: { email: string; password: string };
  let memberCookie: string;
  const errorsSeen = new Map<string, number>();
  let cases = 0;
  let fuzzingMs = 0;

  beforeAll(async () => {
    stack = await startStack('fuzz', {
      // Many calls from one address, sign-ins included.
      LOGIN_RATE_LIMIT_PER_IP: '1000000',
      LOGIN_FREE_FAILURES: '1000000',
      REGISTER_RATE_LIMIT_PER_IP: '1000000',
      REQUEST_RATE_LIMIT_PER_IP: '1000000',
      LINK_PREVIEW_RATE_LIMIT_PER_USER: '1000000',
      LINK_PREVIEW_RATE_LIMIT_PER_IP: '1000000',
      PAGE_VIEW_RATE_LIMIT_PER_IP: '1000000',
      IMPRESSION_RATE_LIMIT_PER_IP: '1000000',
    });
    fixtures = await createFixtures();
  }, 120_000);

  afterAll(async () => {
    closeFuzzAgent();
    await stack?.stop();
    if (cases > 0) {
      const perSecond = Math.round((cases * 1000) / Math.max(fuzzingMs, 1));
      process.stdout.write(
        `\n[fuzz] ${cases} cases on ${FUZZ_TARGETS.length} routes in ${(fuzzingMs / 1000).toFixed(1)} s: ${perSecond} cases/s (FUZZ_RUNS=${RUNS}${SEED === undefined ? '' : `, FUZZ_SEED=${SEED}`})\n`,
      );
    }
  });

  async function createFixtures(): Promise<FuzzFixtures> {
    member = new ApiClient(stack.gateway.url);
    const account = newAccount('fuzz');
    memberLogin = { email: account.email, password: account.password };
    const me = await member.post<{ id: string; username: string }>('/api/register', account);
    const other = new ApiClient(stack.gateway.url);
    const them = await other.post<{ id: string; username: string }>(
      '/api/register',
      newAccount('fuzzee'),
    );
    const myTweet = await member.post<{ id: string }>('/api/tweets', { content: 'fuzz me #wave' });
    const theirTweet = await other.post<{ id: string }>('/api/tweets', { content: 'and me' });
    const mine = await member.post<{ id: string }>('/api/communities', {
      name: `Fuzz ${process.pid}`,
      category: 'Technology',
    });
    const private_ = await other.post<{ id: string }>('/api/communities', {
      name: `Closed ${process.pid}`,
      category: 'Science',
      isPrivate: true,
    });
    const post = await member.post<{ id: string }>(`/api/communities/${mine.body.id}/posts`, {
      content: 'a post',
    });
    const upload = await member.post<{ uploadURL: string }>('/api/objects/upload');
    // Subjects for the regressions only: no generated case deletes them first.
    const keptTweet = await member.post<{ id: string }>('/api/tweets', { content: 'kept' });
    const keptPost = await member.post<{ id: string }>(`/api/communities/${mine.body.id}/posts`, {
      content: 'kept',
    });
    for (const answer of [
      me,
      them,
      myTweet,
      theirTweet,
      mine,
      private_,
      post,
      upload,
      keptTweet,
      keptPost,
    ]) {
      expect(answer.status).toBeLessThan(300);
    }
    const uploadUrl = new URL(upload.body.uploadURL, stack.gateway.url);
    const uploadId = uploadUrl.pathname.split('/').pop() ?? '';
    memberCookie = `wave_session=${member.sessionCookie ?? ''}`;
    return {
      ids: {
        tweet: [myTweet.body.id, theirTweet.body.id],
        community: [mine.body.id, private_.body.id],
        post: [post.body.id],
        user: [me.body.id, them.body.id],
        userOrUsername: [me.body.id, me.body.username, them.body.username],
        upload: [uploadId],
        analyticsRange: ['7d', '30d', '90d'],
        sitemapFile: ['profiles-1.xml', 'posts-1.xml', 'communities-1.xml'],
      },
      regressionIds: {
        tweet: keptTweet.body.id,
        community: mine.body.id,
        post: keptPost.body.id,
        user: them.body.id,
        userOrUsername: them.body.username,
        upload: uploadId,
        analyticsRange: '30d',
        sitemapFile: 'posts-1.xml',
      },
      uploadQuery: uploadUrl.search.slice(1),
    };
  }

  /** A session of the member's own for sign-in and sign-out cases, so theirs stays valid. */
  async function disposableSession(): Promise<string> {
    const client = new ApiClient(stack.gateway.url);
    const answer = await client.post('/api/login', memberLogin);
    expect(answer.status).toBe(200);
    return `wave_session=${client.sessionCookie ?? ''}`;
  }

  const services = () => [
    stack.gateway,
    stack.identity,
    stack.timeline,
    stack.communities,
    stack.search,
    stack.media,
    stack.recommendations,
    stack.analytics,
  ];

  /** Error lines logged since the last call. */
  function newErrors(): string[] {
    const found: string[] = [];
    for (const service of services()) {
      const seen = errorsSeen.get(service.name) ?? 0;
      const count = service.errorCount();
      const kept = service.errors().slice(seen);
      found.push(...kept.map((line) => `${service.name}: ${line}`));
      // Past the lines a service keeps, new ones are still counted: none may pass unnoticed.
      if (count - seen > kept.length) {
        found.push(`${service.name}: ${count - seen - kept.length} more error lines, not kept`);
      }
      errorsSeen.set(service.name, count);
    }
    return found;
  }

  it('reaches every target through the gateway (none is an unknown endpoint)', async () => {
    for (const target of FUZZ_TARGETS) {
      let path = target.path;
      for (const [name, kind] of Object.entries(target.params ?? {})) {
        path = path.replace(`:${name}`, fixtures.ids[kind][0] ?? '');
      }
      const answer = await send(
        stack.gateway.url,
        { method: 'GET', url: path, asMember: false },
        undefined,
      );
      expect({ target: targetName(target), text: answer.text }).not.toEqual({
        target: targetName(target),
        text: expect.stringContaining('No such endpoint'),
      });
    }
  });

  for (const target of FUZZ_TARGETS) {
    it(
      `${targetName(target)}: no 5xx, refusals are { message }, no error logged`,
      async () => {
        newErrors();
        const started = Date.now();
        let count = 0;
        await fc.assert(
          fc.asyncProperty(requestArbitrary(target, fixtures), async (request: FuzzRequest) => {
            count += 1;
            let cookie: string | undefined;
            if (request.asMember)
              cookie = target.ownSession ? await disposableSession() : memberCookie;
            const answer = await send(stack.gateway.url, request, cookie);
            const problem = problemWith(answer);
            if (problem !== null) throw new Error(problem);
            // Checked with each case, so an error a service logs is traced to its input and shrunk.
            const logged = newErrors();
            if (logged.length > 0) throw new Error(`logged an error:\n${logged.join('\n')}`);
          }),
          {
            numRuns: RUNS,
            seed: SEED,
            examples: (target.regressions ?? []).map((regression) => [
              regressionRequest(target, regression, fixtures),
            ]),
          },
        );
        cases += count;
        fuzzingMs += Date.now() - started;
        expect(newErrors()).toEqual([]);
      },
      TIMEOUT_MS,
    );
  }

  it('kept the member signed in throughout (sign-in and sign-out cases used sessions of their own)', async () => {
    const answer = await send(
      stack.gateway.url,
      { method: 'GET', url: '/api/user', asMember: true },
      memberCookie,
    );
    expect(answer.status).toBe(200);
  });
});
