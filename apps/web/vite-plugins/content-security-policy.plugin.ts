import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Connect, Plugin } from 'vite';

/**
 * The web app's Content-Security-Policy (README, "The web client"). It is made once, by the
 * build, from the index.html the build wrote, so the hashes of its inline scripts can never
 * go stale; both servers send what the build wrote:
 *
 * - nginx (the production image) includes the file as it is: it is an nginx snippet, one
 *   `add_header ... always;`, copied to /etc/nginx/snippets and included by
 *   security-headers.conf in every location that serves the app's files;
 * - `vite preview` (`npm start`, the browser tests) reads the policy back from the same file and
 *   sends it on every response it makes itself, never on the gateway's (/api, /objects), which
 *   carry their own.
 */
export const CONTENT_SECURITY_POLICY_FILE = 'content-security-policy.conf';

export const CONTENT_SECURITY_POLICY_HEADER = 'Content-Security-Policy';

/** Every directive but the script hashes, which come from the built index.html. */
const DIRECTIVES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  // The bundles come from the origin; the inline scripts of index.html (the theme before the
  // first paint) are allowed by their hashes, nothing else inline, and no eval.
  ['script-src', ["'self'"]],
  // The stylesheets come from the origin, and no style attribute is allowed. Style elements
  // are allowed inline: Radix's dialogs and menus lock the page's scroll with react-remove-scroll,
  // whose react-style-singleton writes a <style> element at run time with measured sizes
  // (a hash cannot cover it, and a static site has no per-response nonce to give it); without
  // 'unsafe-inline' here, opening the post composer or the edit-profile dialog is a violation
  // (the browser test sees it). Styles cannot run code, and img-src and font-src below keep an
  // injected one from loading anything from elsewhere. (React's `style` props go through the
  // CSSOM, which CSP does not govern.)
  ['style-src', ["'self'"]],
  ['style-src-elem', ["'self'", "'unsafe-inline'"]],
  // Images from the origin (/objects, the link-preview proxy under /api, the icons), plus the
  // composers' previews of a picked file: a data: URL (home) and blob: URLs (the modal).
  ['img-src', ["'self'", 'data:', 'blob:']],
  // The app uses the system's fonts; none are loaded from elsewhere.
  ['font-src', ["'self'"]],
  // /api (calls, server-sent events) and the uploads' PUT /objects/uploads/... on the origin.
  ['connect-src', ["'self'"]],
  // The service worker, /sw.js (Workbox, precached from the origin).
  ['worker-src', ["'self'"]],
  ['manifest-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  // The app is never framed (as X-Frame-Options: DENY says for older browsers).
  ['frame-ancestors', ["'none'"]],
];

/**
 * The source expressions (`'sha256-…'`) of the page's inline scripts, as a browser hashes
 * them: the script's text, line breaks normalised as the HTML parser does, in UTF-8. Throws
 * on what CSP would block and no hash can allow: event handler attributes and javascript: URLs.
 */
export function inlineScriptHashes(html: string): string[] {
  const document = parseDocument(html);
  const elements = DomUtils.findAll(() => true, document.children);
  for (const element of elements) {
    for (const [name, value] of Object.entries(element.attribs)) {
      if (/^on/i.test(name) || /^\s*javascript:/i.test(value)) {
        throw new Error(
          `index.html: <${element.name} ${name}="…"> would be blocked by the Content-Security-Policy; move it into a script`,
        );
      }
    }
  }
  return elements
    .filter((element) => element.name === 'script' && element.attribs['src'] === undefined)
    .map((script) => DomUtils.textContent(script).replace(/\r\n?/g, '\n'))
    .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

/** The policy for a built index.html: the directives above, the script hashes added. */
export function contentSecurityPolicyOf(html: string): string {
  const hashes = inlineScriptHashes(html);
  return DIRECTIVES.map(([name, sources]) =>
    [name, ...sources, ...(name === 'script-src' ? hashes : [])].join(' '),
  ).join('; ');
}

const SNIPPET_LINE = new RegExp(
  `^add_header ${CONTENT_SECURITY_POLICY_HEADER} "([^"]+)" always;$`,
  'm',
);

/** The nginx snippet that sends the policy (`always`: on error pages too). */
export function nginxSnippetOf(policy: string): string {
  // Inside nginx's double quotes, `$` would start a variable and `"` or `\` end or escape.
  if (/["$\\\n]/.test(policy)) throw new Error(`cannot quote this policy for nginx: ${policy}`);
  return [
    `# Written by the web build (apps/web/vite-plugins/content-security-policy.plugin.ts) from`,
    `# the built index.html; do not edit. Included by security-headers.conf.`,
    `add_header ${CONTENT_SECURITY_POLICY_HEADER} "${policy}" always;`,
    '',
  ].join('\n');
}

/** The policy an nginx snippet of nginxSnippetOf sends. */
export function policyOfSnippet(snippet: string): string {
  const policy = SNIPPET_LINE.exec(snippet)?.[1];
  if (!policy) throw new Error(`no ${CONTENT_SECURITY_POLICY_HEADER} line in the snippet`);
  return policy;
}

/** Paths the preview server passes to the gateway, matched as its proxy matches them. */
const isProxied = (url: string, contexts: string[]): boolean =>
  contexts.some((context) =>
    context.startsWith('^') ? new RegExp(context).test(url) : url.startsWith(context),
  );

export const contentSecurityPolicy = (): Plugin => ({
  name: 'wave:content-security-policy',
  writeBundle(options) {
    const outDir = options.dir;
    if (!outDir) return this.error('the build has no output folder');
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    writeFileSync(
      join(outDir, CONTENT_SECURITY_POLICY_FILE),
      nginxSnippetOf(contentSecurityPolicyOf(html)),
    );
  },
  configurePreviewServer(server) {
    const { root, build, preview } = server.config;
    const file = resolve(root, build.outDir, CONTENT_SECURITY_POLICY_FILE);
    let policy: string;
    try {
      policy = policyOfSnippet(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file} is missing or unreadable: build the web app again`, {
        cause: error,
      });
    }
    const proxied = Object.keys(preview.proxy ?? {});
    const setPolicy: Connect.NextHandleFunction = (req, res, next) => {
      if (!isProxied(req.url ?? '', proxied)) {
        res.setHeader(CONTENT_SECURITY_POLICY_HEADER, policy);
      }
      next();
    };
    server.middlewares.use(setPolicy);
  },
});
