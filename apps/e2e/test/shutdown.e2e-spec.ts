import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { eventually } from '@wave/testing';
import { ApiClient, newAccount } from './support/api-client';
import type { Stack } from './support/stack';
import { INTERNAL_SECRET_FOR_TESTS, startStack } from './support/stack';

/** How long each service keeps serving, not ready, after SIGTERM (SHUTDOWN_DELAY_MS). */
const DELAY_MS = 2_000;

/** True when a TCP connection to the port is refused (nothing listens any more). */
const refused = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('a service stopped with SIGTERM', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack('shutdown', { SHUTDOWN_DELAY_MS: String(DELAY_MS) });
  });
  afterAll(() => stack?.stop());

  it('says not ready while it still serves, then finishes the request in flight, then exits with 0', async () => {
    const member = new ApiClient(stack.gateway.url);
    const user = (await member.post<{ id: string }>('/api/register', newAccount('draining'))).body;
    const timeline = stack.timeline;
    const ready = async () => (await fetch(`${timeline.url}/health/ready`)).status;
    expect(await ready()).toBe(200);

    // A post whose body is still arriving: in flight, straight to timeline.
    const body = JSON.stringify({ content: 'sent across a shutdown' });
    const request = httpRequest({
      host: '127.0.0.1',
      port: timeline.port,
      method: 'POST',
      path: '/api/tweets',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
          secret: INTERNAL_SECRET_FOR_TESTS,
          userId: user.id,
          method: 'POST',
          url: '/api/tweets',
        }),
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));

    timeline.signal('SIGTERM');
    // Out of rotation at once, alive, and still serving what reaches it.
    await eventually(ready, (status) => status === 503, { what: 'readiness to say 503' });
    expect((await fetch(`${timeline.url}/health`)).status).toBe(200);
    expect((await member.get('/api/tweets')).status).toBe(200);
    expect(await (await fetch(`${timeline.url}/health/ready`)).json()).toEqual({
      message: 'Not ready: shutting down',
    });

    // After the delay it takes no new connection, but waits for the request in flight.
    await eventually(() => refused(timeline.port), Boolean, {
      timeoutMs: DELAY_MS + 5_000,
      what: 'the listener to close',
    });
    expect(timeline.exitCode()).toBeNull();
    request.end(body.slice(10));
    const { status, text } = await answer;
    expect({ status, content: (JSON.parse(text) as { content?: string }).content }).toEqual({
      status: 201,
      content: 'sent across a shutdown',
    });
    await eventually(
      () => Promise.resolve(timeline.exitCode()),
      (code) => code !== null,
      {
        what: 'timeline to exit',
      },
    );
    expect({
      exitCode: timeline.exitCode(),
      output: timeline.exitCode() === 0 ? '' : timeline.output(),
    }).toEqual({
      exitCode: 0,
      output: '',
    });

    // The gateway answers for it at once, and it comes back.
    expect((await member.get('/api/tweets')).status).toBe(502);
    await timeline.start();
    expect((await member.get('/api/tweets')).status).toBe(200);
  });
});
