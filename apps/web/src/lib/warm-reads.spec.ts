import { takeWarmRead, WARM_READ_TTL_MS, warmRead } from './warm-reads';

describe('warm reads', () => {
  afterEach(() => vi.useRealTimers());

  it('gives a read started ahead to the first taker only', async () => {
    const read = vi.fn(() => Promise.resolve({ id: 'u1' }));
    void warmRead('/api/user', read);
    void warmRead('/api/user', read);
    expect(read).toHaveBeenCalledTimes(1);

    await expect(takeWarmRead('/api/user')).resolves.toEqual({ id: 'u1' });
    expect(takeWarmRead('/api/user')).toBeUndefined();
  });

  it('keeps a failed read for its taker, who sees the failure', async () => {
    void warmRead('/api/tweets?limit=20', () => Promise.reject(new Error('offline')));
    await expect(takeWarmRead('/api/tweets?limit=20')).rejects.toThrow('offline');
  });

  it('drops a read nobody took in time', () => {
    vi.useFakeTimers();
    void warmRead('/api/tweets?limit=20', () => Promise.resolve([]));
    vi.advanceTimersByTime(WARM_READ_TTL_MS + 1);
    expect(takeWarmRead('/api/tweets?limit=20')).toBeUndefined();
  });

  it('answers the read already started for a path rather than starting another', async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    const first = warmRead('/api/again', read);
    const second = warmRead('/api/again', read);
    expect(second).toBe(first);
    expect(await first).toBe(1);
    expect(reads).toBe(1);
    expect(takeWarmRead('/api/again')).toBe(first);
  });

  it('answers nothing for a path never read ahead', () => {
    expect(takeWarmRead('/api/trends')).toBeUndefined();
  });
});
