import { z } from 'zod';
import { URL_MAX_LENGTH } from '@wave/contracts';

/** `GET /api/image-proxy?url=`: one http(s) URL. */
export const imageProxyQuerySchema = z.object(
  {
    url: z
      .string({
        error: (issue) => (issue.input === undefined ? 'url is required' : 'url must be one URL'),
      })
      .trim()
      .min(1, { error: 'url is required' })
      .max(URL_MAX_LENGTH, { error: `url must be at most ${URL_MAX_LENGTH} characters` })
      .pipe(z.url({ protocol: /^https?$/, error: 'url must be an http or https URL' })),
  },
  { error: 'A url query parameter is required' },
);
export type ImageProxyQuery = z.infer<typeof imageProxyQuerySchema>;
