import { randomBytes } from 'node:crypto';
import type { CallTiming, Ledger, Outcome, WrittenText } from './ledger';

/** One request the workload sent, and how it ended. */
export interface RequestRecord {
  op: string;
  /** When it was sent (ms since the epoch). */
  at: number;
  /** How long until it ended (an answer, a timeout or a broken connection). */
  ms: number;
  /** The status, or how it failed without one. */
  status: number | 'timeout' | 'network';
  /** A failure's message (its body's `message`, or the error), cut to 120 characters. */
  message?: string;
}

export interface WorkloadOptions {
  /** Members signed up before the load begins. */
  users: number;
  /** Requests in flight at most (each worker sends one at a time). */
  workers: number;
  /** Pause between a worker's requests (ms): the load's pace. */
  pauseMs: number;
  /** A request without an answer after this is abandoned as a timeout (a hang). */
  requestTimeoutMs: number;
  /** The bytes of a small PNG, for posts with an image. */
  image: Buffer;
  /** The longest the workers run after `start` (they stop by themselves then); 15 minutes by default. */
  maxRunMs?: number;
}

interface Member {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

interface Answer {
  status: number | 'timeout' | 'network';
  body: unknown;
  cookie: string | null;
  timing: CallTiming;
}

/** What became of a request: a 2xx, a refusal (4xx but 408 and 429), or anything else. */
export function outcomeOf(status: RequestRecord['status']): Outcome {
  if (typeof status !== 'number') return 'uncertain';
  if (status >= 200 && status < 300) return 'acknowledged';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'refused';
  return 'uncertain';
}

const pick = <T>(items: readonly T[]): T | undefined =>
  items.length === 0 ? undefined : items[Math.floor(Math.random() * items.length)];

const SESSION_COOKIE = 'wave_session';

/**
 * A steady mixed load through the gateway: sign-ins, posts with and without images, replies,
 * likes, retweets, follows and unfollows, community posts and comments, feed reads and searches.
 * Every write goes in the ledger with its outcome; every request in `records`.
 */
export class Workload {
  readonly records: RequestRecord[] = [];
  private readonly members: Member[] = [];
  private communityId = '';
  private running = false;
  /** When the workers stop by themselves, whatever else happens (ms since the epoch). */
  private deadline = 0;
  /** Relations with a call in flight (one at a time each). */
  private readonly inFlight = new Set<string>();
  private loops: Promise<void>[] = [];
  private sequence = 0;
  private readonly runId = randomBytes(3).toString('hex');

  constructor(
    private readonly gatewayUrl: string,
    private readonly ledger: Ledger,
    private readonly options: WorkloadOptions,
  ) {}

  /** Each member's session cookie (the oracle reads their home feeds with it). */
  sessions(): Map<string, string> {
    return new Map(this.members.map((member) => [member.id, member.cookie]));
  }

  /**
   * Signs the members up, gives one a community every member joins, and has everyone follow a
   * few others: the load's starting state. Throws when the stack refuses it (nothing is broken yet).
   */
  async setUp(): Promise<void> {
    for (let i = 0; i < this.options.users; i++) {
      const member = await this.signUp();
      if (!member) throw new Error('A sign-up failed before any fault');
    }
    const owner = this.members[0]!;
    const community = await this.call(owner, 'setup', 'POST', '/api/communities', {
      name: `Chaos ${this.runId}`,
      category: 'Technology',
      description: 'Where the chaos runner writes',
    });
    if (community.status !== 201) throw new Error(`Creating the community: ${community.status}`);
    this.communityId = (community.body as { id: string }).id;
    this.ledger.toggle(
      this.ledger.memberships,
      owner.id,
      this.communityId,
      true,
      'acknowledged',
      community.timing,
    );
    for (const member of this.members.slice(1)) {
      const joined = await this.join(member);
      if (joined !== 'acknowledged')
        throw new Error('Joining the community failed before any fault');
    }
    for (const member of this.members) {
      for (let i = 0; i < 3; i++) await this.follow(member, true);
    }
  }

  /** Starts the workers; they run until `stop`, or `maxRunMs` at most. */
  start(maxRunMs = this.options.maxRunMs ?? 15 * 60_000): void {
    if (this.running) return;
    this.running = true;
    this.deadline = Date.now() + maxRunMs;
    this.loops = Array.from({ length: this.options.workers }, () => this.loop());
  }

  /** Stops the workers and waits for their requests in flight (bounded by the request timeout). */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
  }

  /**
   * One request of every kind, one after another, by a member of the community: after a fault,
   * each must work again. Returns the requests that failed (none when the platform recovered).
   */
  async probe(): Promise<RequestRecord[]> {
    const member = this.members.find((candidate) => this.isMember(candidate));
    if (!member) throw new Error('No member of the community to probe with');
    const first = this.records.length;
    await this.signIn(member);
    await this.post(member, false);
    await this.post(member, true);
    await this.reply(member);
    await this.like(member);
    await this.retweet(member);
    await this.follow(member, true);
    await this.follow(member, false);
    await this.communityPost(member);
    await this.comment(member);
    await this.call(member, 'read feed', 'GET', '/api/tweets?limit=20');
    await this.call(member, 'search', 'GET', '/api/search?q=chaos&type=posts');
    await this.signUp();
    return this.records
      .slice(first)
      .filter((record) => typeof record.status !== 'number' || record.status >= 300);
  }

  private async loop(): Promise<void> {
    while (this.running && Date.now() < this.deadline) {
      await this.step();
      await new Promise((resolve) => setTimeout(resolve, this.options.pauseMs));
    }
  }

  /** One operation, chosen by weight. */
  private async step(): Promise<void> {
    const member = pick(this.members);
    if (!member) return;
    const roll = Math.random() * 100;
    if (roll < 22) await this.post(member, false);
    else if (roll < 28) await this.post(member, true);
    else if (roll < 36) await this.reply(member);
    else if (roll < 50) await this.like(member);
    else if (roll < 57) await this.retweet(member);
    else if (roll < 63) await this.follow(member, true);
    else if (roll < 67) await this.follow(member, false);
    else if (roll < 74) await this.communityPost(member);
    else if (roll < 79) await this.comment(member);
    else if (roll < 91) await this.call(member, 'read feed', 'GET', '/api/tweets?limit=20');
    else if (roll < 97) await this.call(member, 'search', 'GET', '/api/search?q=chaos&type=posts');
    else if (roll < 98.5) await this.signIn(member);
    else await this.signUp();
  }

  private nextText(kind: string): string {
    this.sequence += 1;
    return `chaos ${this.runId} ${kind} ${this.sequence}`;
  }

  private async signUp(): Promise<Member | null> {
    this.sequence += 1;
    const username = `chaos_${this.runId}_${this.sequence}`;
    const email = `${username}@example.test`;
    const password = 'correct horse battery';
    const answer = await this.send('sign up', 'POST', '/api/register', {
      body: { displayName: `Chaos ${this.sequence}`, username, email, password },
    });
    const outcome = outcomeOf(answer.status);
    if (outcome === 'uncertain') this.ledger.uncertainSignUps.push(username);
    if (outcome !== 'acknowledged' || !answer.cookie) return null;
    const id = (answer.body as { id: string }).id;
    const member = { id, email, password, cookie: answer.cookie };
    this.members.push(member);
    this.ledger.users.set(id, { id, username, email, password });
    return member;
  }

  private async signIn(member: Member): Promise<void> {
    const answer = await this.send('sign in', 'POST', '/api/login', {
      body: { email: member.email, password: member.password },
    });
    if (outcomeOf(answer.status) === 'acknowledged' && answer.cookie) member.cookie = answer.cookie;
  }

  private async post(member: Member, withImage: boolean): Promise<void> {
    const body: { content: string; imageUrls?: string[] } = { content: this.nextText('post') };
    if (withImage) {
      const objectPath = await this.upload(member);
      if (!objectPath) return;
      body.imageUrls = [objectPath];
    }
    const answer = await this.call(
      member,
      withImage ? 'post image' : 'post',
      'POST',
      '/api/tweets',
      body,
    );
    this.recordText(this.ledger.tweets, answer, {
      authorId: member.id,
      content: body.content,
      parentId: null,
    });
  }

  /** The two-step upload; the object's path, or null when a step failed. */
  private async upload(member: Member): Promise<string | null> {
    const ticket = await this.call(member, 'upload ticket', 'POST', '/api/objects/upload');
    if (outcomeOf(ticket.status) !== 'acknowledged') return null;
    const put = await this.send('upload', 'PUT', (ticket.body as { uploadURL: string }).uploadURL, {
      cookie: member.cookie,
      raw: this.options.image,
      contentType: 'image/png',
    });
    if (outcomeOf(put.status) !== 'acknowledged') return null;
    return (put.body as { objectPath: string }).objectPath;
  }

  private acknowledgedTweetIds(): string[] {
    return this.ledger.tweets.flatMap((tweet) => (tweet.id === null ? [] : [tweet.id]));
  }

  private async reply(member: Member): Promise<void> {
    const parentId = pick(this.acknowledgedTweetIds());
    if (!parentId) return;
    const content = this.nextText('reply');
    const answer = await this.call(member, 'reply', 'POST', `/api/tweets/${parentId}/reply`, {
      content,
    });
    this.recordText(this.ledger.tweets, answer, { authorId: member.id, content, parentId });
  }

  /**
   * One call on a relation, recorded in the ledger; never two at once on the same relation (the
   * ledger orders a relation's calls by when they were sent). Null when one was in flight.
   */
  private async toggle(
    kind: 'follows' | 'likes' | 'retweets' | 'memberships',
    member: Member,
    targetId: string,
    on: boolean,
    request: { op: string; method: string; path: string },
  ): Promise<Outcome | null> {
    const key = `${kind}:${member.id}:${targetId}`;
    if (this.inFlight.has(key)) return null;
    this.inFlight.add(key);
    try {
      const answer = await this.call(member, request.op, request.method, request.path);
      const outcome = outcomeOf(answer.status);
      this.ledger.toggle(this.ledger[kind], member.id, targetId, on, outcome, answer.timing);
      return outcome;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async like(member: Member): Promise<void> {
    const tweetId = pick(this.acknowledgedTweetIds());
    if (!tweetId) return;
    await this.toggle('likes', member, tweetId, true, {
      op: 'like',
      method: 'POST',
      path: `/api/tweets/${tweetId}/like`,
    });
  }

  private async retweet(member: Member): Promise<void> {
    const tweetId = pick(this.acknowledgedTweetIds());
    if (!tweetId) return;
    await this.toggle('retweets', member, tweetId, true, {
      op: 'retweet',
      method: 'POST',
      path: `/api/tweets/${tweetId}/retweet`,
    });
  }

  private async follow(member: Member, on: boolean): Promise<void> {
    const other = pick(this.members.filter((candidate) => candidate.id !== member.id));
    if (!other) return;
    await this.toggle('follows', member, other.id, on, {
      op: on ? 'follow' : 'unfollow',
      method: on ? 'POST' : 'DELETE',
      path: `/api/users/${other.id}/follow`,
    });
  }

  private async join(member: Member): Promise<Outcome | null> {
    return this.toggle('memberships', member, this.communityId, true, {
      op: 'join',
      method: 'POST',
      path: `/api/communities/${this.communityId}/join`,
    });
  }

  /** Whether the member's joining was acknowledged (only members may post in the community). */
  private isMember(member: Member): boolean {
    return this.ledger.memberships.get(`${member.id}:${this.communityId}`)?.expected === true;
  }

  private async communityPost(member: Member): Promise<void> {
    if (!this.isMember(member)) {
      await this.join(member);
      return;
    }
    const content = this.nextText('community post');
    const answer = await this.call(
      member,
      'community post',
      'POST',
      `/api/communities/${this.communityId}/posts`,
      { content },
    );
    this.recordText(this.ledger.communityPosts, answer, {
      authorId: member.id,
      content,
      communityId: this.communityId,
    });
  }

  private async comment(member: Member): Promise<void> {
    if (!this.isMember(member)) {
      await this.join(member);
      return;
    }
    const postId = pick(
      this.ledger.communityPosts.flatMap((post) => (post.id === null ? [] : [post.id])),
    );
    if (!postId) return;
    const content = this.nextText('comment');
    const answer = await this.call(member, 'comment', 'POST', `/api/posts/${postId}/comments`, {
      content,
    });
    this.recordText(this.ledger.comments, answer, { authorId: member.id, content, postId });
  }

  private recordText<T extends WrittenText>(
    list: T[],
    answer: Answer,
    write: Omit<T, 'outcome' | 'id'>,
  ): void {
    const outcome = outcomeOf(answer.status);
    const id = outcome === 'acknowledged' ? (answer.body as { id: string }).id : null;
    list.push({ ...write, outcome, id } as T);
  }

  private call(member: Member, op: string, method: string, path: string, body?: unknown) {
    return this.send(op, method, path, {
      cookie: member.cookie,
      ...(body === undefined ? {} : { body }),
    });
  }

  /** Sends one request, records it, and never throws. */
  private async send(
    op: string,
    method: string,
    path: string,
    request: { body?: unknown; raw?: Buffer; contentType?: string; cookie?: string },
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined;
    if (request.raw) {
      payload = request.raw;
      headers['content-type'] = request.contentType ?? 'application/octet-stream';
    } else if (request.body !== undefined) {
      payload = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    if (request.cookie) headers['cookie'] = `${SESSION_COOKIE}=${request.cookie}`;
    const at = Date.now();
    let answer: Answer;
    let message: string | undefined;
    try {
      const response = await fetch(`${this.gatewayUrl}${path}`, {
        method,
        headers,
        body: payload as BodyInit | undefined,
        signal: AbortSignal.timeout(this.options.requestTimeoutMs),
      });
      const text = await response.text();
      let body: unknown = null;
      if ((response.headers.get('content-type') ?? '').includes('application/json') && text) {
        body = JSON.parse(text);
      }
      answer = {
        status: response.status,
        body,
        cookie: sessionCookieOf(response.headers),
        timing: { sentAt: at, endedAt: Date.now(), finished: response.status !== 504 },
      };
      if (response.status >= 300) message = messageOf(body) ?? text.slice(0, 120);
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      answer = {
        status: timedOut ? 'timeout' : 'network',
        body: null,
        cookie: null,
        timing: { sentAt: at, endedAt: Date.now(), finished: false },
      };
      message = String((error as Error).cause ?? error).slice(0, 120);
    }
    this.records.push({
      op,
      at,
      ms: Date.now() - at,
      status: answer.status,
      ...(message === undefined ? {} : { message }),
    });
    return answer;
  }
}

const messageOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'message' in body
    ? String(body.message).slice(0, 120)
    : undefined;

function sessionCookieOf(headers: Headers): string | null {
  for (const cookie of headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const separator = pair.indexOf('=');
    if (pair.slice(0, separator).trim() === SESSION_COOKIE) {
      return pair.slice(separator + 1).trim() || null;
    }
  }
  return null;
}
