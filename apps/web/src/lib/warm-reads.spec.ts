import { takeWarmRead, WARM_READ_TTL_MS, warmRead } from './warm-reads';

describe('warm reads', () => {
  afterEach(() => vi.useRealTimers());

  it('gives a read started ahead to the first taker only', async () => {
    const read = vi.fn(() => Promise.resolve({ id: 'u1' }));
    warmRead('/api/user', read);
    warmRead('/api/user', read);
    expect(read).toHaveBeenCalledTimes(1);

    await expect(takeWarmRead('/api/user')).resolves.toEqual({ id: 'u1' });
    expect(takeWarmRead('/api/user')).toBeUndefined();
  });

  it('keeps a failed read for its taker, who sees the failure', async () => {
    warmRead('/api/tweets?limit=20', () => Promise.reject(new Error('offline')));
    await expect(takeWarmRead('/api/tweets?limit=20')).rejects.toThrow('offline');
  });

  it('drops a read nobody took in time', () => {
    vi.useFakeTimers();
    warmRead('/api/tweets?limit=20', () => Promise.resolve([]));
    vi.advanceTimersByTime(WARM_READ_TTL_MS + 1);
    expect(takeWarmRead('/api/tweets?limit=20')).toBeUndefined();
  });

  it('answers nothing for a path never read ahead', () => {
    expect(takeWarmRead('/api/trends')).toBeUndefined();
  });
});
