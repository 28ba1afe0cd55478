import { useEffect } from 'react';
import type { JsonLd } from '../../../lib/structured-data';
import { injectJsonLdScript, serializeJsonLd } from '../../../lib/structured-data';

/**
 * Puts the data into the document's head as `<script type="application/ld+json">`
 * while the caller is mounted (replaced when the data changes, removed on unmount).
 */
export function useStructuredData(data: JsonLd | readonly JsonLd[] | null): void {
  const json = data ? serializeJsonLd(data) : null;
  useEffect(() => (json ? injectJsonLdScript(json) : undefined), [json]);
}

/** The same as a component: renders nothing where it stands. */
export function StructuredData({ data }: { data: JsonLd | readonly JsonLd[] | null }) {
  useStructuredData(data);
  return null;
}
