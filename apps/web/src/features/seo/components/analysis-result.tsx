import type { SeoAnalysisResult } from '@wave/contracts';
import { useId } from 'react';
import { formatCount } from '../../../lib/format-count';
import { displayScore } from '../seo-limits';
import { ScoreBadge, ScoreBar } from './seo-score';
import { SentenceList } from './sentence-list';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** The SEO analysis result: score, readability, the measures behind them, issues and advice. */
export function AnalysisResult({ result }: { result: SeoAnalysisResult }) {
  const headingId = useId();
  const facts: [string, string][] = [
    ['Content length', plural(result.contentLength, 'character')],
    ['Words', formatCount(result.wordCount)],
    [
      'Images',
      result.imagesWithoutAlt > 0
        ? `${formatCount(result.imageCount)} (${formatCount(result.imagesWithoutAlt)} without alt text)`
        : formatCount(result.imageCount),
    ],
    ['Links', formatCount(result.linkCount)],
    ['Headings', formatCount(result.headingCount)],
    ['Title length', plural(result.titleLength, 'character')],
    ['Description length', plural(result.descriptionLength, 'character')],
  ];
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border border-border p-4">
      <h2 id={headingId} className="text-base font-bold">
        SEO analysis
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm font-semibold">SEO score</span>
            <ScoreBadge score={result.seoScore} />
          </div>
          <ScoreBar score={result.seoScore} label="SEO score" />
        </div>
        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm font-semibold">Readability</span>
            <span className="text-sm tabular-nums text-muted-foreground">
              {displayScore(result.readabilityScore)} / 100
            </span>
          </div>
          <ScoreBar score={result.readabilityScore} label="Readability score" />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="grid">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <SentenceList title="Issues" items={result.issues} empty="No issues found." />
      <SentenceList
        title="Recommendations"
        items={result.recommendations}
        empty="Nothing to improve."
      />
      {result.keywordDensity.length > 0 ? (
        <table className="w-full text-sm tabular-nums">
          <caption className="pb-2 text-left text-sm font-bold">Main terms</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 text-left font-semibold">
                Term
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Uses
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Density
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {result.keywordDensity.map((term) => (
              <tr key={term.term}>
                <th scope="row" className="py-1 text-left font-normal break-all">
                  {term.term}
                </th>
                <td className="py-1 text-right">{formatCount(term.count)}</td>
                <td className="py-1 text-right">{term.density.toFixed(1)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
