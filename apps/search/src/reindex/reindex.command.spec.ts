import { DEFAULT_REINDEX_PAGE_SIZE, parseReindexArguments } from './reindex.command';

describe(parseReindexArguments.name, () => {
  it('defaults to a resumable run with the default page size and no page limit', () => {
    expect(parseReindexArguments([])).toEqual({
      fresh: false,
      pageSize: DEFAULT_REINDEX_PAGE_SIZE,
      maxPages: null,
    });
  });

  it('reads --fresh, --page-size and --max-pages', () => {
    expect(parseReindexArguments(['--fresh', '--page-size', '1000', '--max-pages=3'])).toEqual({
      fresh: true,
      pageSize: 1000,
      maxPages: 3,
    });
  });

  it.each([
    [['--page-size', '0'], '--page-size must be at least 1'],
    [['--page-size', '1001'], '--page-size must be at most 1000'],
    [['--page-size', 'many'], '--page-size must be a number'],
    [['--max-pages', '1.5'], '--max-pages must be a whole number'],
    [['--fast'], "Unknown option '--fast'"],
    [['now'], 'Unexpected argument'],
  ])('refuses %j with a usage line', (args, message) => {
    expect(() => parseReindexArguments(args)).toThrow(message);
    expect(() => parseReindexArguments(args)).toThrow('usage: reindex [--fresh]');
  });
});
