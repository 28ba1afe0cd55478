import type { SeoKeywordReport, SeoKeywordStatus, SeoOptimizeResult } from '@wave/contracts';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format-count';
import { useOptimizeContent } from '../api/optimize-content';
import { MESSAGES } from '../messages';
import {
  isBlank,
  parseKeywords,
  SEO_CONTENT_MAX_LENGTH,
  SEO_KEYWORD_MAX_LENGTH,
  SEO_MAX_KEYWORDS,
  textLength,
} from '../seo-limits';
import { FormField } from './form-field';
import { SentenceList } from './sentence-list';

const STATUS: Record<SeoKeywordStatus, { label: string; className: string }> = {
  missing: { label: 'Missing', className: 'text-red-700 dark:text-red-400' },
  low: { label: 'Too rare', className: 'text-amber-800 dark:text-amber-300' },
  good: { label: 'Good', className: 'text-emerald-700 dark:text-emerald-400' },
  high: { label: 'Too frequent', className: 'text-amber-800 dark:text-amber-300' },
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function KeywordRow({ report }: { report: SeoKeywordReport }) {
  const status = STATUS[report.status];
  return (
    <tr>
      <th scope="row" className="py-1.5 text-left font-semibold break-all">
        {report.keyword}
      </th>
      <td className="py-1.5 text-right">{formatCount(report.count)}</td>
      <td className="py-1.5 text-right">{report.density.toFixed(1)}%</td>
      <td className="hidden py-1.5 text-right sm:table-cell">{yesNo(report.inOpening)}</td>
      <td className="hidden py-1.5 text-right sm:table-cell">{yesNo(report.inHeading)}</td>
      <td className={cn('py-1.5 text-right font-semibold', status.className)}>{status.label}</td>
    </tr>
  );
}

function OptimizeResult({ result }: { result: SeoOptimizeResult }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border border-border p-4">
      <h2 id={headingId} className="text-base font-bold">
        Optimization suggestions
      </h2>
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">Target keywords</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 text-left font-semibold">
              Keyword
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Uses
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Density
            </th>
            <th scope="col" className="hidden py-1 text-right font-semibold sm:table-cell">
              In opening
            </th>
            <th scope="col" className="hidden py-1 text-right font-semibold sm:table-cell">
              In a heading
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {result.keywords.map((report) => (
            <KeywordRow key={report.keyword} report={report} />
          ))}
        </tbody>
      </table>
      <SentenceList title="Suggestions" items={result.suggestions} empty="Nothing to change." />
    </section>
  );
}

interface Errors {
  content?: string;
  keywords?: string;
}

function keywordsError(keywords: readonly string[]): string | undefined {
  if (keywords.length === 0) return MESSAGES.keywordsRequired;
  if (keywords.length > SEO_MAX_KEYWORDS) return MESSAGES.tooManyKeywords(SEO_MAX_KEYWORDS);
  if (keywords.some((keyword) => textLength(keyword) > SEO_KEYWORD_MAX_LENGTH)) {
    return MESSAGES.keywordTooLong(SEO_KEYWORD_MAX_LENGTH);
  }
  return undefined;
}

/**
 * Optimization: content and comma-separated target keywords, sent to POST /api/seo/optimize;
 * shows each keyword's uses, density and placement, and the suggestions.
 */
export function OptimizationPanel() {
  const [content, setContent] = useState('');
  const [keywordText, setKeywordText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const contentField = useRef<HTMLTextAreaElement>(null);
  const keywordsField = useRef<HTMLInputElement>(null);
  const optimize = useOptimizeContent();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keywords = parseKeywords(keywordText);
    const found: Errors = {};
    if (isBlank(content)) found.content = MESSAGES.contentRequired;
    const keywordProblem = keywordsError(keywords);
    if (keywordProblem) found.keywords = keywordProblem;
    setErrors(found);
    if (found.content || found.keywords) {
      (found.content ? contentField : keywordsField).current?.focus();
      return;
    }
    optimize.mutate({ content, keywords });
  };

  return (
    <div className="grid gap-4 p-4">
      <form noValidate onSubmit={submit} aria-label="Optimization" className="grid gap-3">
        <FormField label="Content" error={errors.content}>
          {(control) => (
            <Textarea
              {...control}
              ref={contentField}
              value={content}
              maxLength={SEO_CONTENT_MAX_LENGTH}
              rows={8}
              className="min-h-40 resize-y"
              onChange={(event) => {
                setContent(event.target.value);
                setErrors(({ content: _, ...rest }) => rest);
              }}
            />
          )}
        </FormField>
        <FormField
          label="Target keywords"
          hint={`Comma-separated, up to ${SEO_MAX_KEYWORDS}.`}
          error={errors.keywords}
        >
          {(control) => (
            <Input
              {...control}
              ref={keywordsField}
              value={keywordText}
              placeholder="react, web performance, accessibility"
              onChange={(event) => {
                setKeywordText(event.target.value);
                setErrors(({ keywords: _, ...rest }) => rest);
              }}
            />
          )}
        </FormField>
        <div>
          <Button type="submit" disabled={optimize.isPending}>
            {optimize.isPending ? MESSAGES.optimizing : MESSAGES.optimize}
          </Button>
        </div>
      </form>
      {optimize.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 p-3 text-sm">
          <p className="font-semibold">{MESSAGES.optimizeFailed}</p>
          <p className="break-words text-muted-foreground">{optimize.error.message}</p>
        </div>
      ) : null}
      {optimize.data && !optimize.isPending ? <OptimizeResult result={optimize.data} /> : null}
    </div>
  );
}
