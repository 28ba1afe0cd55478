/**
 * Just enough of a Dockerfile parser for the tests: parser directives, instructions with
 * their line continuations joined and comments dropped, grouped into build stages.
 */

export interface Instruction {
  keyword: string;
  args: string;
  /** 1-based line where the instruction starts. */
  line: number;
}

export interface Stage {
  image: string;
  name: string | null;
  instructions: Instruction[];
}

export interface Dockerfile {
  directives: Record<string, string>;
  /** Instructions before the first FROM (ARG only, in a valid file). */
  preamble: Instruction[];
  stages: Stage[];
}

const DIRECTIVE = /^#\s*([a-z]+)\s*=\s*(\S+)\s*$/i;

export function parseDockerfile(text: string): Dockerfile {
  const lines = text.split(/\r?\n/);
  const directives: Record<string, string> = {};
  let index = 0;
  for (; index < lines.length; index += 1) {
    const match = DIRECTIVE.exec(lines[index] ?? '');
    if (!match) break;
    directives[match[1]!.toLowerCase()] = match[2]!;
  }

  const instructions: Instruction[] = [];
  let pending = '';
  let startLine = 0;
  for (; index < lines.length; index += 1) {
    const trimmed = (lines[index] ?? '').trim();
    // Comments are dropped, also between the lines of a continued instruction.
    if (trimmed.startsWith('#') || (trimmed === '' && pending === '')) continue;
    if (pending === '') startLine = index + 1;
    if (trimmed.endsWith('\\')) {
      pending += `${trimmed.slice(0, -1).trim()} `;
      continue;
    }
    pending += trimmed;
    const keyword = pending.split(/\s/, 1)[0] ?? '';
    const args = pending.slice(keyword.length).trim();
    instructions.push({ keyword: keyword.toUpperCase(), args, line: startLine });
    pending = '';
  }

  const preamble: Instruction[] = [];
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const words = splitWords(instruction.args).filter((word) => !word.startsWith('--'));
      const alias = words[1]?.toUpperCase() === 'AS' ? (words[2] ?? null) : null;
      stages.push({ image: words[0] ?? '', name: alias, instructions: [] });
    } else {
      (stages.at(-1)?.instructions ?? preamble).push(instruction);
    }
  }
  return { directives, preamble, stages };
}

export const splitWords = (args: string): string[] => args.split(/\s+/).filter(Boolean);

/** `--name=value` flags and the remaining words of an instruction. */
export function flagsAndWords(args: string): { flags: Record<string, string>; words: string[] } {
  const flags: Record<string, string> = {};
  const words: string[] = [];
  for (const word of splitWords(args)) {
    const flag = /^--([a-z-]+)(?:=(.*))?$/.exec(word);
    if (flag && words.length === 0) flags[flag[1]!] = flag[2] ?? 'true';
    else words.push(word);
  }
  return { flags, words };
}

/** The JSON array of an exec-form CMD, ENTRYPOINT or HEALTHCHECK CMD; null for shell form. */
export function execForm(args: string): string[] | null {
  if (!args.trim().startsWith('[')) return null;
  const value: unknown = JSON.parse(args);
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
}

/** The variables an ENV instruction sets (`ENV A=1 B=2` or the legacy `ENV A 1`). */
export function envOf(args: string): Record<string, string> {
  const words = splitWords(args);
  if (!words[0]?.includes('=')) return { [words[0] ?? '']: words.slice(1).join(' ') };
  return Object.fromEntries(
    words.map((word) => {
      const at = word.indexOf('=');
      return [word.slice(0, at), word.slice(at + 1).replace(/^(["'])(.*)\1$/, '$2')];
    }),
  );
}

/** The parts of a HEALTHCHECK: its options and its command (exec form). */
export function healthcheckOf(args: string): {
  options: Record<string, string>;
  command: string[];
} {
  const at = args.search(/(^|\s)CMD\s/);
  if (at === -1) return { options: flagsAndWords(args).flags, command: [] };
  const { flags } = flagsAndWords(args.slice(0, at));
  const command = args
    .slice(at)
    .trim()
    .replace(/^CMD\s+/, '');
  return { options: flags, command: execForm(command) ?? ['/bin/sh', '-c', command] };
}

/** The variables an ARG instruction declares, with their defaults (`ARG A B=1`). */
export function argsOf(args: string): Record<string, string | undefined> {
  return Object.fromEntries(
    splitWords(args).map((word) => {
      const at = word.indexOf('=');
      return at === -1
        ? [word, undefined]
        : [word.slice(0, at), word.slice(at + 1).replace(/^(["'])(.*)\1$/, '$2')];
    }),
  );
}

/**
 * `$NAME` and `${NAME}` replaced by their values, as Docker and sh do. An unknown variable is
 * empty, or, with `keepUnknown` (a shell's, which may come from the base image), kept.
 */
export const expandVariables = (
  text: string,
  values: Record<string, string>,
  keepUnknown = false,
): string =>
  text.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (match, braced: string | undefined, bare: string | undefined) =>
      values[braced ?? bare ?? ''] ?? (keepUnknown ? match : ''),
  );

/**
 * Instructions whose arguments Docker itself expands with the stage's ARG and ENV values.
 * RUN's are expanded by its shell, which has the stage's ARGs in its environment, so they
 * are expanded here too; CMD and HEALTHCHECK run in the container and are left as written.
 */
const EXPANDED = new Set([
  'ADD',
  'COPY',
  'ENV',
  'EXPOSE',
  'LABEL',
  'RUN',
  'USER',
  'VOLUME',
  'WORKDIR',
]);

/**
 * The Dockerfile as `docker build --build-arg NAME=value ...` sees it: in each stage, every
 * variable an ARG declares takes its build argument (or its default), and the instructions
 * after it read it, as they read the ENV values set before them.
 */
export function withBuildArgs(
  dockerfile: Dockerfile,
  buildArgs: Record<string, string>,
): Dockerfile {
  const stages = dockerfile.stages.map((stage) => {
    const values: Record<string, string> = {};
    const instructions = stage.instructions.map((instruction) => {
      const args = EXPANDED.has(instruction.keyword)
        ? expandVariables(instruction.args, values, instruction.keyword === 'RUN')
        : instruction.args;
      if (instruction.keyword === 'ARG') {
        for (const [name, fallback] of Object.entries(argsOf(args))) {
          values[name] = buildArgs[name] ?? fallback ?? '';
        }
      }
      if (instruction.keyword === 'ENV') Object.assign(values, envOf(args));
      return { ...instruction, args };
    });
    return { ...stage, instructions };
  });
  return { ...dockerfile, stages };
}
