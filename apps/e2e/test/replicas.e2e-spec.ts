import { samplesOf } from '@wave/metrics';
import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { startStack } from './support/stack';

/** How many clients read at once, each one request after another. */
const CLIENTS = 12;
/** How long the load runs before a replica is killed, and after. */
const BEFORE_KILL_MS = 1_500;
const AFTER_KILL_MS = 3_000;

interface Outcome {
  path: string;
  status: number;
  body: string;
}

describe('two replicas of timeline and identity behind the gateway', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack('replicas', {}, { metrics: true, replicas: ['timeline', 'identity'] });
  });
  afterAll(() => stack?.stop());

  /** A counter summed over its series on one app, the service label aside. */
  const counted = async (app: string, name: string, labels: Record<string, string> = {}) => {
    const text = await (await fetch(stack.metricsUrls[app]!)).text();
    return samplesOf(text, name)
      .filter((sample) =>
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      )
      .reduce((sum, sample) => sum + sample.value, 0);
  };
  /** Requests a replica answered, by its own metrics. */
  const answered = (app: string) => counted(app, 'http_request_duration_seconds_count');

  it('loses no request when one replica of each is killed with SIGKILL under load: each is retried once on the other', async () => {
    const members = await Promise.all(
      Array.from({ length: 4 }, async (_, index) => {
        const client = new ApiClient(stack.gateway.url);
        const account = newAccount(`replica${index}`);
        const user = (await client.post<{ id: string }>('/api/register', account)).body;
        const tweet = (
          await client.post<{ id: string }>('/api/tweets', { content: `post ${index}` })
        ).body;
        return { client, userId: user.id, tweetId: tweet.id };
      }),
    );
    // Reads of both services, as a member's pages make them: identity's and timeline's.
    const readsOf = (member: (typeof members)[number]) => [
      '/api/user',
      `/api/users/${member.userId}`,
      '/api/tweets',
      `/api/tweets/${member.tweetId}`,
      `/api/users/${member.userId}/tweets`,
    ];

    const failures: Outcome[] = [];
    let sent = 0;
    let stopAt = Date.now() + BEFORE_KILL_MS + AFTER_KILL_MS;
    const client = async (index: number) => {
      const member = members[index % members.length]!;
      const reads = readsOf(member);
      for (let turn = index; Date.now() < stopAt; turn += 1) {
        const path = reads[turn % reads.length]!;
        const response = await member.client.get(path);
        sent += 1;
        if (response.status !== 200)
          failures.push({ path, status: response.status, body: response.text });
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));

    // Both replicas of each take their share before one of each is killed.
    const second = stack.secondReplicas;
    await eventually(
      async () => Promise.all(['timeline', 'timeline-2', 'identity', 'identity-2'].map(answered)),
      (counts) => counts.every((count) => count >= 20),
      { what: 'every replica to answer reads', timeoutMs: 10_000 },
    );
    stopAt = Date.now() + AFTER_KILL_MS;
    second.timeline!.signal('SIGKILL');
    stack.identity.signal('SIGKILL');
    const sentAtKill = sent;
    await load;

    expect(failures).toEqual([]);
    // The load went on after the kill, and the gateway retried on the live replicas.
    expect(sent - sentAtKill).toBeGreaterThan(CLIENTS * 5);
    const timelineRetries = await counted('gateway', 'gateway_upstream_retries_total', {
      upstream: 'timeline',
    });
    const identityRetries = await counted('gateway', 'gateway_upstream_retries_total', {
      upstream: 'identity',
    });
    expect({ timeline: timelineRetries >= 1, identity: identityRetries >= 1 }).toEqual({
      timeline: true,
      identity: true,
    });
    // The survivors answer writes too.
    const posted = await members[0]!.client.post('/api/tweets', { content: 'after the kill' });
    expect(posted.status).toBe(201);
  });
});
