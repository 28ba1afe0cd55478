import * as contracts from '@wave/contracts';
import {
  ALL_CATEGORIES,
  CATEGORY_FILTERS,
  canSubmitText,
  categoryParam,
  COMMUNITY_CATEGORIES,
  COMMUNITY_COMMENT_MAX_LENGTH,
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_MAX_RULES,
  COMMUNITY_NAME_MAX_LENGTH,
  COMMUNITY_NAME_MIN_LENGTH,
  COMMUNITY_POST_MAX_LENGTH,
  COMMUNITY_POST_MAX_MEDIA,
  COMMUNITY_RULE_MAX_LENGTH,
  COMMUNITY_SEARCH_MAX_LENGTH,
  parseRules,
} from './community-limits';
import { memberCountLabel, roleLabel } from './community-format';

describe('community limits', () => {
  it('mirror the contract', () => {
    expect(COMMUNITY_CATEGORIES).toEqual(contracts.COMMUNITY_CATEGORIES);
    expect(COMMUNITY_NAME_MIN_LENGTH).toBe(contracts.COMMUNITY_NAME_MIN_LENGTH);
    expect(COMMUNITY_NAME_MAX_LENGTH).toBe(contracts.COMMUNITY_NAME_MAX_LENGTH);
    expect(COMMUNITY_DESCRIPTION_MAX_LENGTH).toBe(contracts.COMMUNITY_DESCRIPTION_MAX_LENGTH);
    expect(COMMUNITY_MAX_RULES).toBe(contracts.COMMUNITY_MAX_RULES);
    expect(COMMUNITY_RULE_MAX_LENGTH).toBe(contracts.COMMUNITY_RULE_MAX_LENGTH);
    expect(COMMUNITY_POST_MAX_LENGTH).toBe(contracts.COMMUNITY_POST_MAX_LENGTH);
    expect(COMMUNITY_POST_MAX_MEDIA).toBe(contracts.COMMUNITY_POST_MAX_MEDIA);
    expect(COMMUNITY_COMMENT_MAX_LENGTH).toBe(contracts.COMMUNITY_COMMENT_MAX_LENGTH);
    expect(COMMUNITY_SEARCH_MAX_LENGTH).toBe(contracts.COMMUNITY_SEARCH_MAX_LENGTH);
  });

  it('filter by All and the spec’s categories, sent lowercase as the contract reads them', () => {
    expect(CATEGORY_FILTERS).toEqual([
      'All',
      'Technology',
      'Gaming',
      'Art & Design',
      'Music',
      'Sports',
      'Science',
      'Books',
      'Cooking',
      'Travel',
      'Business',
      'Health & Fitness',
    ]);
    expect(categoryParam(ALL_CATEGORIES)).toBeNull();
    for (const category of COMMUNITY_CATEGORIES) {
      const sent = categoryParam(category);
      expect(sent).toBe(category.toLowerCase());
      expect(contracts.findCommunityCategory(sent ?? '')).toBe(category);
    }
  });

  it('take a post or comment only when non-blank after trimming and within the limit', () => {
    expect(canSubmitText('', 10)).toBe(false);
    expect(canSubmitText('   \n ', 10)).toBe(false);
    expect(canSubmitText('  hi  ', 10)).toBe(true);
    expect(canSubmitText('🌊'.repeat(10), 10)).toBe(true);
    expect(canSubmitText('a'.repeat(11), 10)).toBe(false);
  });

  it('read the rules one per line, skipping blank lines', () => {
    expect(parseRules('  Be kind \n\n No spam\n  ')).toEqual(['Be kind', 'No spam']);
    expect(parseRules('')).toEqual([]);
  });

  it('label member counts with K and M, and roles', () => {
    expect(memberCountLabel(1)).toBe('1 member');
    expect(memberCountLabel(999)).toBe('999 members');
    expect(memberCountLabel(1200)).toBe('1.2K members');
    expect(memberCountLabel(1_500_000)).toBe('1.5M members');
    expect(roleLabel('owner')).toBe('Owner');
    expect(roleLabel('moderator')).toBe('Moderator');
  });
});
