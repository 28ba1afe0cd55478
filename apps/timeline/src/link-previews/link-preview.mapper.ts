import type { LinkPreview } from '@wave/contracts';
import type { ImageProxySigner } from '../image-proxy/image-proxy.signer';
import type { PagePreview } from './link-preview-parser';

/**
 * A preview as clients get it, with the signed image-proxy link to its picture,
 * made at read time (so previews stored before links were signed get one too).
 */
export const toLinkPreviewResponse = (
  preview: PagePreview,
  signer: ImageProxySigner,
): LinkPreview => ({
  url: preview.url,
  title: preview.title,
  description: preview.description,
  image: preview.image,
  imageProxyUrl: signer.proxyUrlOf(preview.image),
  siteName: preview.siteName,
});
