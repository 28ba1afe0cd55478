import { Replicas } from './replicas';
import { retryReasonOf } from './retry-rule';

describe(Replicas.name, () => {
  const clock = () => {
    let now = 1_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };
  const picks = (replicas: Replicas, count: number) =>
    Array.from({ length: count }, () => replicas.pick());

  it('takes the replicas in turn', () => {
    expect(picks(new Replicas(['http://a', 'http://b', 'http://c']), 7)).toEqual([
      0, 1, 2, 0, 1, 2, 0,
    ]);
  });

  it('leaves a replica that refused out of turn for the ejection time, then takes it back', () => {
    const time = clock();
    const replicas = new Replicas(['http://a', 'http://b', 'http://c'], 5_000, time.now);
    replicas.refused(1);
    expect(replicas.inTurn()).toBe(2);
    expect(picks(replicas, 6)).toEqual([0, 2, 0, 2, 0, 2]);
    time.advance(4_999);
    expect(picks(replicas, 2)).toEqual([0, 2]);
    time.advance(1);
    expect(replicas.inTurn()).toBe(3);
    expect(picks(replicas, 3)).toEqual([0, 1, 2]);
  });

  it('still sends requests in turn when every replica is out', () => {
    const time = clock();
    const replicas = new Replicas(['http://a', 'http://b'], 5_000, time.now);
    replicas.refused(0);
    replicas.refused(1);
    expect(replicas.inTurn()).toBe(0);
    expect(picks(replicas, 4)).toEqual([0, 1, 0, 1]);
  });

  it('retries on another replica, one in turn when there is one', () => {
    const time = clock();
    const replicas = new Replicas(['http://a', 'http://b', 'http://c'], 5_000, time.now);
    expect(replicas.other(0)).toBe(1);
    expect(replicas.other(2)).toBe(0);
    replicas.refused(1);
    expect(replicas.other(0)).toBe(2);
    replicas.refused(2);
    // All others out: the next after the one tried, all the same.
    expect(replicas.other(0)).toBe(1);
  });

  it('retries a single replica on itself (behind one URL the platform picks the pod)', () => {
    const replicas = new Replicas(['http://timeline:3002']);
    replicas.refused(0);
    expect([replicas.pick(), replicas.other(0)]).toEqual([0, 0]);
  });

  it('opens a replica’s circuit after three failures in a row, which an answer in between resets', () => {
    const replicas = new Replicas(['http://a', 'http://b'], 5_000, clock().now, 3);
    expect([replicas.failed(0), replicas.failed(0)]).toEqual([false, false]);
    replicas.answered(0);
    expect([replicas.failed(0), replicas.failed(0)]).toEqual([false, false]);
    expect(replicas.failed(0)).toBe(true);
    expect(replicas.circuitOf(0)).toBe('open');
    // Opened once: a further failure does not open it again (one probe is enough).
    expect(replicas.failed(0)).toBe(false);
    expect([replicas.inTurn(), replicas.openCircuits()]).toEqual([1, 1]);
  });

  it('sends nothing to a replica whose circuit is open, not even with every other one out', () => {
    const time = clock();
    const replicas = new Replicas(['http://a', 'http://b', 'http://c'], 5_000, time.now, 1);
    replicas.failed(1);
    expect(picks(replicas, 4)).toEqual([0, 2, 0, 2]);
    replicas.refused(0);
    replicas.refused(2);
    expect(picks(replicas, 4)).not.toContain(1);
    expect(replicas.other(0)).toBe(2);
  });

  it('retries on a replica whose circuit is open when no other is left, and closes it if it answers', () => {
    const pair = new Replicas(['http://a', 'http://b'], 5_000, clock().now, 1);
    pair.failed(1);
    // a's connection failed at once: b may be back from a restart its probe has not seen yet.
    expect(pair.other(0)).toBe(1);
    pair.answered(1);
    expect([pair.circuitOf(1), pair.openCircuits()]).toEqual(['closed', 0]);
  });

  it('has no replica to offer when every circuit is open, and takes one back once closed', () => {
    const single = new Replicas(['http://timeline:3002'], 5_000, clock().now, 1);
    single.failed(0);
    expect([single.pick(), single.other(0)]).toEqual([null, null]);
    single.closeCircuit(0);
    expect([single.pick(), single.circuitOf(0)]).toEqual([0, 'closed']);

    const pair = new Replicas(['http://a', 'http://b'], 5_000, clock().now, 1);
    pair.failed(1);
    pair.failed(0);
    expect(pair.pick()).toBeNull();
  });

  it('refuses an empty list', () => {
    expect(() => new Replicas([])).toThrow('A service needs at least one replica');
  });
});

describe(retryReasonOf.name, () => {
  it('retries a refused connection whatever the method, as nothing was sent', () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      expect(retryReasonOf(method, ['UND_ERR_CONNECT', 'ECONNREFUSED'], true)).toBe('refused');
    }
  });

  it('retries a broken connection for idempotent methods only', () => {
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']) {
      for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']) {
        expect(retryReasonOf(method, [code], true)).toBe('reset');
      }
      expect(retryReasonOf('POST', [code], true)).toBeNull();
      expect(retryReasonOf('PATCH', [code], true)).toBeNull();
    }
  });

  it('never retries a request whose body was streamed, a timeout or an unknown error', () => {
    expect(retryReasonOf('PUT', ['ECONNREFUSED'], false)).toBeNull();
    expect(retryReasonOf('GET', ['UND_ERR_HEADERS_TIMEOUT'], true)).toBeNull();
    expect(retryReasonOf('GET', ['FST_REPLY_FROM_GATEWAY_TIMEOUT'], true)).toBeNull();
    expect(retryReasonOf('GET', [], true)).toBeNull();
  });
});
