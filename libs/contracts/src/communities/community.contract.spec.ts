import {
  COMMUNITY_CATEGORIES,
  createCommunityPostRequestSchema,
  createCommunityRequestSchema,
  findCommunityCategory,
  listCommunitiesQuerySchema,
} from './community.contract';

describe('community contracts', () => {
  it('has the eleven categories of the spec', () => {
    expect(COMMUNITY_CATEGORIES).toHaveLength(11);
    expect(findCommunityCategory('art & design')).toBe('Art & Design');
    expect(findCommunityCategory(' HEALTH & FITNESS ')).toBe('Health & Fitness');
    expect(findCommunityCategory('all')).toBeNull();
  });

  it('reads the list query as the client sends it', () => {
    expect(listCommunitiesQuerySchema.parse({})).toEqual({ category: null, search: null });
    expect(listCommunitiesQuerySchema.parse({ category: 'all', search: '  ' })).toEqual({
      category: null,
      search: null,
    });
    expect(listCommunitiesQuerySchema.parse({ category: 'gaming', search: ' retro ' })).toEqual({
      category: 'Gaming',
      search: 'retro',
    });
    expect(listCommunitiesQuerySchema.safeParse({ category: 'knitting' }).success).toBe(false);
  });

  it('fills in what a new community may leave out', () => {
    expect(createCommunityRequestSchema.parse({ name: ' Bakers ', category: 'cooking' })).toEqual({
      name: 'Bakers',
      description: '',
      category: 'Cooking',
      rules: [],
      isPrivate: false,
    });
  });

  it('counts a post in code points, after trimming', () => {
    expect(createCommunityPostRequestSchema.safeParse({ content: '😀'.repeat(2000) }).success).toBe(
      true,
    );
    expect(
      createCommunityPostRequestSchema.safeParse({ content: ` ${'a'.repeat(2000)} ` }).success,
    ).toBe(true);
    expect(createCommunityPostRequestSchema.safeParse({ content: 'a'.repeat(2001) }).success).toBe(
      false,
    );
  });
});
