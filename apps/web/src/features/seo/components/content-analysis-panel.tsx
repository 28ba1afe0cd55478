import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { useAnalyzeContent } from '../api/analyze-content';
import { MESSAGES } from '../messages';
import {
  isBlank,
  SEO_CONTENT_MAX_LENGTH,
  SEO_DESCRIPTION_MAX_LENGTH,
  SEO_TITLE_MAX_LENGTH,
} from '../seo-limits';
import { AnalysisResult } from './analysis-result';
import { FormField } from './form-field';

interface Errors {
  title?: string;
  content?: string;
}

/**
 * Content Analysis: a title, an optional meta description and the content, analysed with
 * POST /api/seo/analyze. Title and content are required before anything is sent (spec part 2,
 * section 5).
 */
export function ContentAnalysisPanel() {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const titleField = useRef<HTMLInputElement>(null);
  const contentField = useRef<HTMLTextAreaElement>(null);
  const analyze = useAnalyzeContent();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      ...(isBlank(title) ? { title: MESSAGES.titleRequired } : {}),
      ...(isBlank(content) ? { content: MESSAGES.contentRequired } : {}),
    };
    setErrors(found);
    if (found.title || found.content) {
      (found.title ? titleField : contentField).current?.focus();
      return;
    }
    analyze.mutate({
      title: title.trim(),
      content,
      ...(isBlank(description) ? {} : { description: description.trim() }),
    });
  };

  return (
    <div className="grid gap-4 p-4">
      <form noValidate onSubmit={submit} aria-label="Content analysis" className="grid gap-3">
        <FormField label="Title" error={errors.title}>
          {(control) => (
            <Input
              {...control}
              ref={titleField}
              value={title}
              maxLength={SEO_TITLE_MAX_LENGTH}
              placeholder="The page's title"
              onChange={(event) => {
                setTitle(event.target.value);
                setErrors(({ title: _, ...rest }) => rest);
              }}
            />
          )}
        </FormField>
        <FormField label="Meta description" hint="Optional. About 120 to 160 characters is best.">
          {(control) => (
            <Textarea
              {...control}
              value={description}
              maxLength={SEO_DESCRIPTION_MAX_LENGTH}
              rows={2}
              placeholder="What a search result shows under the title"
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Content" hint="Plain text, Markdown or HTML." error={errors.content}>
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
        <div>
          <Button type="submit" disabled={analyze.isPending}>
            {analyze.isPending ? MESSAGES.analyzing : MESSAGES.analyze}
          </Button>
        </div>
      </form>
      {analyze.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 p-3 text-sm">
          <p className="font-semibold">{MESSAGES.analyzeFailed}</p>
          <p className="break-words text-muted-foreground">{analyze.error.message}</p>
        </div>
      ) : null}
      {analyze.data && !analyze.isPending ? <AnalysisResult result={analyze.data} /> : null}
    </div>
  );
}
