/**
 * Uploaded images (README, "Uploads and objects"): an upload URL
 * (`/objects/uploads/<id>?expires=…&signature=…`, a path or absolute) names
 * the object it creates; posts keep the object path (`/objects/uploads/<id>`)
 * and feeds show its `/display` variant (a WebP at most 1080 px wide).
 */
const OBJECT_PATH = /^\/objects\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

export const isObjectPath = (value: string): boolean => OBJECT_PATH.test(value);

/** The object path of an upload URL, resolved against `origin`; null when it names none. */
export function objectPathFromUploadUrl(uploadUrl: string, origin: string): string | null {
  try {
    const { pathname } = new URL(uploadUrl, origin);
    return isObjectPath(pathname) ? pathname : null;
  } catch {
    return null;
  }
}

/** The feed-sized variant of an uploaded image; other sources stay as they are. */
export const displayImageSrc = (source: string): string =>
  isObjectPath(source) && !source.endsWith('/display') ? `${source}/display` : source;

/**
 * Whether an image source can be shown: an upload's object path. The server stores nothing
 * else for posts and icons, and the Content-Security-Policy (`img-src 'self' data: blob:`)
 * would block a remote URL anyway.
 */
export const isShowableImage = (source: string): boolean => isObjectPath(source);

/**
 * A link preview's picture: only the server's image-proxy link it came with
 * (`/api/image-proxy?url=…&sig=…`, signed for that image; the proxy loads
 * nothing else), never the remote URL itself. Null shows no picture.
 */
export const previewImageSrc = (imageProxyUrl: string | null | undefined): string | null =>
  imageProxyUrl?.startsWith('/api/image-proxy?') ? imageProxyUrl : null;
