const OBJECT_PATH = /^\/objects\/[A-Za-z0-9][A-Za-z0-9/_.-]{0,500}$/;

/**
 * The `/objects/...` path of an uploaded image, given either the path itself or
 * a URL (absolute, or a path with a query) whose path is one: the upload URL the
 * client holds. Anything else, or a
 * path that climbs out of /objects, is null.
 */
export function toObjectPath(imageUrl: string): string | null {
  let path = imageUrl;
  if (/^https?:\/\//i.test(imageUrl)) {
    try {
      path = new URL(imageUrl).pathname;
    } catch {
      return null;
    }
  } else if (imageUrl.startsWith('/')) {
    // The upload URL as media hands it out: a path with its query.
    path = imageUrl.split(/[?#]/, 1)[0] ?? '';
  }
  if (!OBJECT_PATH.test(path)) return null;
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  if (path.includes('//')) return null;
  return path;
}
