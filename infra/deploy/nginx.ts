/**
 * Just enough of an nginx configuration parser for the tests: directives with their
 * arguments (quotes removed) and blocks, comments dropped. No includes are followed and no
 * variables are expanded; `${NAME}` placeholders of a template stay as they are.
 */

export interface Directive {
  name: string;
  args: string[];
  /** The directives inside `{ ... }`, for block directives (server, location, types). */
  block?: Directive[];
  /** 1-based line where the directive starts. */
  line: number;
}

interface Token {
  text: string;
  /** `{`, `}` and `;` outside quotes; words and quoted strings are not special. */
  special: boolean;
  line: number;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '\n') line += 1;
    if (/\s/.test(char)) {
      at += 1;
    } else if (char === '#') {
      while (at < text.length && text[at] !== '\n') at += 1;
    } else if (char === '{' || char === '}' || char === ';') {
      tokens.push({ text: char, special: true, line });
      at += 1;
    } else if (char === '"' || char === "'") {
      let value = '';
      const start = line;
      at += 1;
      while (at < text.length && text[at] !== char) {
        if (text[at] === '\\' && at + 1 < text.length) {
          value += text[at + 1] === char ? char : `\\${text[at + 1]}`;
          at += 2;
          continue;
        }
        if (text[at] === '\n') line += 1;
        value += text[at];
        at += 1;
      }
      if (at >= text.length) throw new Error(`line ${start}: unterminated quoted string`);
      at += 1;
      tokens.push({ text: value, special: false, line: start });
    } else {
      let value = '';
      while (at < text.length && !/[\s;{}]/.test(text[at]!)) {
        // A template placeholder, `${NAME}`, is part of the word, braces and all.
        if (text[at] === '$' && text[at + 1] === '{') {
          const close = text.indexOf('}', at);
          if (close === -1) throw new Error(`line ${line}: unterminated \${`);
          value += text.slice(at, close + 1);
          at = close + 1;
          continue;
        }
        value += text[at];
        at += 1;
      }
      tokens.push({ text: value, special: false, line });
    }
  }
  return tokens;
}

export function parseNginx(text: string): Directive[] {
  const tokens = tokenize(text);
  let at = 0;

  const parseBlock = (closing: boolean): Directive[] => {
    const directives: Directive[] = [];
    while (at < tokens.length) {
      const first = tokens[at]!;
      if (first.special && first.text === '}') {
        if (!closing) throw new Error(`line ${first.line}: unexpected }`);
        at += 1;
        return directives;
      }
      if (first.special) throw new Error(`line ${first.line}: unexpected ${first.text}`);
      const args: string[] = [];
      at += 1;
      while (at < tokens.length && !tokens[at]!.special) args.push(tokens[at++]!.text);
      const end = tokens[at];
      if (end?.text === ';') {
        at += 1;
        directives.push({ name: first.text, args, line: first.line });
      } else if (end?.text === '{') {
        at += 1;
        directives.push({ name: first.text, args, block: parseBlock(true), line: first.line });
      } else {
        throw new Error(`line ${first.line}: ${first.text} ends without ; or {`);
      }
    }
    if (closing) throw new Error('a block is not closed');
    return directives;
  };

  return parseBlock(false);
}

/** The directives of a block with this name (not descending into nested blocks). */
export const directivesNamed = (directives: Directive[], name: string): Directive[] =>
  directives.filter((directive) => directive.name === name);

/** The arguments of the one directive with this name in a block; undefined if none. */
export function argsOf(directives: Directive[], name: string): string[] | undefined {
  const found = directivesNamed(directives, name);
  if (found.length > 1) throw new Error(`${name} appears ${found.length} times in one block`);
  return found[0]?.args;
}

/** nginx sizes (`30m`, `512k`, `1024`) in bytes. */
export function sizeInBytes(size: string): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase()]!;
  return Number(match[1]) * unit;
}

/** nginx times (`1h`, `90s`, `1m30s`, `60`) in seconds. */
export function timeInSeconds(time: string): number {
  const units: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
  if (/^\d+$/.test(time)) return Number(time);
  const parts = [...time.matchAll(/(\d+)(ms|[smhdw])/g)];
  if (parts.map(([part]) => part).join('') !== time) throw new Error(`not an nginx time: ${time}`);
  return parts.reduce(
    (total, [, value, unit]) =>
      total + (unit === 'ms' ? Number(value) / 1000 : Number(value) * units[unit!]!),
    0,
  );
}
