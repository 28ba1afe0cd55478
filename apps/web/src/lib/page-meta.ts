import { postHeadline, SITE_DESCRIPTION, SITE_NAME } from './structured-data.ts';

/**
 * The public pages' titles, and the head markup the web server renders into them for
 * crawlers and link unfurlers (apps/web/server/page-meta): one place, so that the server's
 * HTML and the client's `<title>` say the same thing.
 *
 * Every element the server adds to the head, or rewrites there (the title and the
 * description of index.html), carries `data-page-meta`. The client replaces the server's
 * JSON-LD with its own (structured-data.ts) and, once the reader moves to another page,
 * gives the head back its site-wide title and description and drops the rest
 * (`releaseServerPageMeta`), so the first page's tags never describe the next one.
 */
export const PAGE_META_ATTRIBUTE = 'data-page-meta';

/** What `data-page-meta` says of the rewritten elements of index.html. */
export const PAGE_META_TITLE = 'title';
export const PAGE_META_DESCRIPTION = 'description';

/** `{title} · Wave`, the form of every page's document title. */
export const pageTitle = (title: string): string => `${title} · ${SITE_NAME}`;

/** What a post page's title needs of a post. */
export interface PostTitleSource {
  content: string;
  author: { displayName: string };
}

/** A post's page: `{author} on Wave: "{headline}"`, as X does; `Post by {author}` without text. */
export function postPageTitle(post: PostTitleSource): string {
  const headline = postHeadline(post.content, '');
  return headline.length > 0
    ? `${post.author.displayName} on ${SITE_NAME}: "${headline}"`
    : pageTitle(`Post by ${post.author.displayName}`);
}

/** A profile: `{display name} (@{username}) · Wave`. */
export const profilePageTitle = (user: { displayName: string; username: string }): string =>
  pageTitle(`${user.displayName} (@${user.username})`);

/** A community post's page: as a post's, its author named by username when they have no name. */
export const communityPostPageTitle = (post: {
  content: string;
  author: { displayName: string; username: string };
}): string =>
  postPageTitle({
    content: post.content,
    author: { displayName: post.author.displayName || post.author.username },
  });

/** Drops the server's JSON-LD: the client's own, with the same data, takes its place. */
export function removeServerJsonLd(doc: Document = document): void {
  for (const script of Array.from(
    doc.head.querySelectorAll(`script[type="application/ld+json"][${PAGE_META_ATTRIBUTE}]`),
  )) {
    script.remove();
  }
}

/**
 * Gives the head back what index.html says for the whole site: the title and description the
 * server rewrote get their site-wide text again, and every other element it added (canonical
 * link, Open Graph and Twitter tags, JSON-LD) goes. Does nothing on a page the server did not
 * render, or a second time.
 */
export function releaseServerPageMeta(doc: Document = document): void {
  for (const element of Array.from(doc.head.querySelectorAll(`[${PAGE_META_ATTRIBUTE}]`))) {
    const role = element.getAttribute(PAGE_META_ATTRIBUTE);
    if (role === PAGE_META_TITLE) {
      element.textContent = SITE_NAME;
      element.removeAttribute(PAGE_META_ATTRIBUTE);
    } else if (role === PAGE_META_DESCRIPTION) {
      element.setAttribute('content', SITE_DESCRIPTION);
      element.removeAttribute(PAGE_META_ATTRIBUTE);
    } else {
      element.remove();
    }
  }
}
