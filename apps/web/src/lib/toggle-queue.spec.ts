import { createToggleQueue } from './toggle-queue';

interface State {
  on: boolean;
  count: number;
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe(createToggleQueue.name, () => {
  const setup = () => {
    const sut = createToggleQueue<State>();
    const calls: { value: boolean; answer: ReturnType<typeof deferred<State>> }[] = [];
    const send = vi.fn((value: boolean) => {
      const answer = deferred<State>();
      calls.push({ value, answer });
      return answer.promise;
    });
    const onSettled = vi.fn();
    const onError = vi.fn();
    const request = (value: boolean, confirmed: State = { on: false, count: 0 }) =>
      sut.request('post-1', value, {
        confirmed,
        valueOf: (state) => state.on,
        send,
        onSettled,
        onError,
      });
    return { sut, calls, send, onSettled, onError, request };
  };

  it('sends a wish and reports the server state', async () => {
    const { sut, calls, onSettled, request } = setup();
    const done = request(true);
    expect(sut.isBusy('post-1')).toBe(true);
    calls[0]!.answer.resolve({ on: true, count: 1 });
    await done;
    expect(onSettled).toHaveBeenCalledWith({ on: true, count: 1 });
    expect(sut.isBusy('post-1')).toBe(false);
  });

  it('keeps one request in flight per key and sends only the last wish after it', async () => {
    const { calls, send, onSettled, request } = setup();
    const done = request(true);
    void request(false);
    void request(true);
    void request(false);
    expect(send).toHaveBeenCalledTimes(1);
    calls[0]!.answer.resolve({ on: true, count: 1 });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(calls[1]!.value).toBe(false);
    calls[1]!.answer.resolve({ on: false, count: 0 });
    await done;
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled).toHaveBeenCalledWith({ on: false, count: 0 });
  });

  it('sends nothing more when the wishes cancel out while a request is in flight', async () => {
    const { calls, send, request } = setup();
    const done = request(true);
    void request(false);
    void request(true);
    calls[0]!.answer.resolve({ on: true, count: 1 });
    await done;
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('hands back the last confirmed state on failure', async () => {
    const { calls, onError, onSettled, request } = setup();
    const done = request(true, { on: false, count: 4 });
    void request(false);
    calls[0]!.answer.resolve({ on: true, count: 5 });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const failure = new Error('503');
    calls[1]!.answer.reject(failure);
    await done;
    expect(onError).toHaveBeenCalledWith(failure, { on: true, count: 5 });
    expect(onSettled).not.toHaveBeenCalled();
  });

  it('rolls back to the state before the first request when that one fails', async () => {
    const { calls, onError, request } = setup();
    const done = request(true, { on: false, count: 4 });
    calls[0]!.answer.reject(new Error('offline'));
    await done;
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { on: false, count: 4 });
  });

  it('believes a server that answers otherwise instead of asking forever', async () => {
    const { calls, send, onSettled, request } = setup();
    const done = request(true);
    calls[0]!.answer.resolve({ on: false, count: 0 });
    await done;
    expect(send).toHaveBeenCalledTimes(1);
    expect(onSettled).toHaveBeenCalledWith({ on: false, count: 0 });
  });

  it('keeps keys apart', async () => {
    const sut = createToggleQueue<State>();
    const send = vi.fn((value: boolean) => Promise.resolve({ on: value, count: 1 }));
    const options = {
      confirmed: { on: false, count: 0 },
      valueOf: (state: State) => state.on,
      send,
    };
    await Promise.all([sut.request('a', true, options), sut.request('b', true, options)]);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does nothing when the wish is already the server state', async () => {
    const { send, onSettled, request } = setup();
    await request(false, { on: false, count: 0 });
    expect(send).not.toHaveBeenCalled();
    expect(onSettled).not.toHaveBeenCalled();
  });
});
