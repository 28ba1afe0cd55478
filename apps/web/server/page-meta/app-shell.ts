import { DomUtils, parseDocument } from 'htmlparser2';

type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;

/** Where an element stands in the text: from its `<` to just after its last `>`. */
interface Range {
  element: Element;
  start: number;
  end: number;
}

/** The built index.html, which every page of the single-page app starts from. */
export interface AppShell {
  /** As built: what a page the renderer has nothing to say about gets. */
  readonly html: string;
  /**
   * The same document with its `<title>` and `<meta name="description">` replaced by a page's
   * head markup (at the title's place). Every other byte stays as built, so the
   * Content-Security-Policy's hashes of the inline scripts still hold.
   */
  withHead(markup: string): string;
}

/**
 * Reads the built index.html once: where its title and description stand. Throws when its
 * head has either missing (a page could not say what it is).
 */
export function parseAppShell(html: string): AppShell {
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const head = DomUtils.findOne((element) => element.name === 'head', document.children);
  const find = (matches: (element: Element) => boolean) =>
    head ? DomUtils.findOne(matches, head.children) : null;
  const title = find((element) => element.name === 'title');
  const description = find(
    (element) => element.name === 'meta' && element.attribs['name'] === 'description',
  );
  if (!title || !description) {
    throw new Error('index.html must have a <title> and a <meta name="description"> in its head');
  }
  const rangeOf = (element: Element): Range => {
    if (element.startIndex === null || element.endIndex === null) {
      throw new Error(`index.html: no position for <${element.name}>`);
    }
    return { element, start: element.startIndex, end: element.endIndex + 1 };
  };
  const [first, second] = [rangeOf(title), rangeOf(description)].sort(
    (a, b) => a.start - b.start,
  ) as [Range, Range];
  return {
    html,
    withHead(markup) {
      const at = (range: Range) => (range.element === title ? markup : '');
      return [
        html.slice(0, first.start),
        at(first),
        html.slice(first.end, second.start),
        at(second),
        html.slice(second.end),
      ].join('');
    },
  };
}
