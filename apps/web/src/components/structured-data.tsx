import { useEffect } from 'react';
import { removeServerJsonLd } from '../lib/page-meta';
import type { JsonLd } from '../lib/structured-data';
import { injectJsonLdScript, serializeJsonLd } from '../lib/structured-data';

/**
 * Puts the data into the document's head as `<script type="application/ld+json">`
 * while the caller is mounted (replaced when the data changes, removed on unmount). The
 * web server's JSON-LD for the first page (apps/web/server/page-meta) gives way to it, so
 * a page carries its markup once.
 */
export function useStructuredData(data: JsonLd | readonly JsonLd[] | null): void {
  const json = data ? serializeJsonLd(data) : null;
  useEffect(() => {
    if (!json) return undefined;
    removeServerJsonLd();
    return injectJsonLdScript(json);
  }, [json]);
}

/** The same as a component: renders nothing where it stands. */
export function StructuredData({ data }: { data: JsonLd | readonly JsonLd[] | null }) {
  useStructuredData(data);
  return null;
}
