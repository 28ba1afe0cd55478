import * as contracts from '@wave/contracts';
import {
  displayScore,
  parseKeywords,
  scoreBand,
  SEO_CONTENT_MAX_LENGTH,
  SEO_DESCRIPTION_MAX_LENGTH,
  SEO_KEYWORD_MAX_LENGTH,
  SEO_KEYWORD_STATUSES,
  SEO_MAX_KEYWORDS,
  SEO_SCORE_FAIR,
  SEO_SCORE_GOOD,
  SEO_TITLE_MAX_LENGTH,
} from './seo-limits';

describe('SEO limits', () => {
  it('mirror the contract', () => {
    expect(SEO_TITLE_MAX_LENGTH).toBe(contracts.SEO_TITLE_MAX_LENGTH);
    expect(SEO_DESCRIPTION_MAX_LENGTH).toBe(contracts.SEO_DESCRIPTION_MAX_LENGTH);
    expect(SEO_CONTENT_MAX_LENGTH).toBe(contracts.SEO_CONTENT_MAX_LENGTH);
    expect(SEO_MAX_KEYWORDS).toBe(contracts.SEO_MAX_KEYWORDS);
    expect(SEO_KEYWORD_MAX_LENGTH).toBe(contracts.SEO_KEYWORD_MAX_LENGTH);
    expect(SEO_SCORE_GOOD).toBe(contracts.SEO_SCORE_GOOD);
    expect(SEO_SCORE_FAIR).toBe(contracts.SEO_SCORE_FAIR);
    expect(SEO_KEYWORD_STATUSES).toEqual(contracts.SEO_KEYWORD_STATUSES);
  });

  it('band scores at 80 and 60', () => {
    expect([100, 80, 79, 60, 59, 0].map(scoreBand)).toEqual([
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
    ]);
    expect([79.6, -3, 140, Number.NaN].map(displayScore)).toEqual([80, 0, 100, 0]);
  });

  it('read comma-separated keywords as the contract takes them', () => {
    const keywords = parseKeywords(' react, web  performance,,React , ,a11y ');
    expect(keywords).toEqual(['react', 'web performance', 'a11y']);
    expect(contracts.seoOptimizeRequestSchema.parse({ content: 'x', keywords }).keywords).toEqual(
      keywords,
    );
    expect(parseKeywords(' , ')).toEqual([]);
  });
});
