/**
 * Reading Prometheus's text exposition format (0.0.4: what `ServiceMetrics.render()` and the
 * `/metrics` listener give), for tests and tools that check what a service reports. Pure
 * functions of the text; a line that is not a sample, a comment or blank throws.
 */

/** One sample line: `name{label="value",…} value [timestamp]` (the timestamp is left out). */
export interface ExpositionSample {
  /** The sample's own name: a histogram's `_bucket`, `_sum` and `_count` are three names. */
  name: string;
  /** Its labels (none: `{}`), the values unescaped (`\"`, `\\`, `\n`). */
  labels: Record<string, string>;
  /** `NaN`, `+Inf` and `-Inf` (spelled in any case, as prom-client's `Nan`) included. */
  value: number;
}

export interface SampleMatch {
  /**
   * Whether the sample may carry labels besides those asked for (a series' `service`, say). By
   * default it may not: its labels are exactly those asked for.
   */
  partial?: boolean;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const INFINITY = /^[+-]?inf(?:inity)?$/i;
const NOT_A_NUMBER = /^nan$/i;
const TIMESTAMP = /^-?\d+$/;
const ESCAPED = new Map([
  ['\\', '\\'],
  ['"', '"'],
  ['n', '\n'],
]);

const isBlank = (char: string | undefined): boolean => char === ' ' || char === '\t';

/** A sample value as the format spells it, or undefined when it is none. */
function parseValue(text: string): number | undefined {
  if (INFINITY.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (NOT_A_NUMBER.test(text)) return NaN;
  return DECIMAL.test(text) ? Number(text) : undefined;
}

function parseSampleLine(line: string, lineNumber: number): ExpositionSample {
  const fail: (why: string) => never = (why) => {
    throw new Error(`Line ${lineNumber} of the exposition text is not a sample (${why}): ${line}`);
  };
  const name = METRIC_NAME.exec(line)?.[0] ?? fail('no metric name');
  let at = name.length;
  const skipBlanks = () => {
    while (isBlank(line[at])) at += 1;
  };
  const labels: [string, string][] = [];
  skipBlanks();
  if (line[at] !== '{') at = name.length;
  else {
    at += 1;
    for (skipBlanks(); line[at] !== '}'; skipBlanks()) {
      const label = LABEL_NAME.exec(line.slice(at))?.[0] ?? fail('a label name expected');
      at += label.length;
      skipBlanks();
      if (line[at] !== '=') fail(`"=" expected after ${label}`);
      at += 1;
      skipBlanks();
      if (line[at] !== '"') fail(`no quoted value for ${label}`);
      at += 1;
      let value = '';
      for (let char = line[at]; char !== '"'; char = line[at]) {
        if (char === undefined) fail(`the value of ${label} is not closed`);
        if (char === '\\') {
          const escaped = line[at + 1] ?? '';
          value += ESCAPED.get(escaped) ?? fail(`an unknown escape \\${escaped}`);
          at += 2;
        } else {
          value += char;
          at += 1;
        }
      }
      at += 1;
      if (labels.some(([seen]) => seen === label)) fail(`${label} given twice`);
      labels.push([label, value]);
      skipBlanks();
      if (line[at] === ',') at += 1;
      else if (line[at] !== '}') fail('"," or "}" expected');
    }
    at += 1;
  }
  if (at === line.length) fail('no value');
  if (!isBlank(line[at])) fail('a blank expected before the value');
  const [valueText = '', timestamp, ...extra] = line
    .slice(at)
    .trim()
    .split(/[ \t]+/);
  const value = parseValue(valueText) ?? fail(`"${valueText}" is not a value`);
  if (timestamp !== undefined && !TIMESTAMP.test(timestamp)) fail('not a timestamp');
  if (extra.length > 0) fail('more after the timestamp');
  // fromEntries, not assignment: a label named __proto__ stays a label.
  return { name, labels: Object.fromEntries(labels), value };
}

/** Every sample of the text, in order; `# HELP`, `# TYPE` (any comment) and blank lines left out. */
export function parseExposition(text: string): ExpositionSample[] {
  const samples: ExpositionSample[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line !== '' && !line.startsWith('#')) samples.push(parseSampleLine(line, index + 1));
  });
  return samples;
}

/** The samples named `name` (exactly: `x_count` is not `x`), whatever their labels. */
export const samplesOf = (text: string, name: string): ExpositionSample[] =>
  parseExposition(text).filter((sample) => sample.name === name);

/**
 * Whether a sample's labels are `wanted`: exactly, or (`partial`) those among others. The
 * values are compared as the text gives them, unescaped (a `status_code` is the string "200").
 */
export function hasLabels(
  labels: Readonly<Record<string, string>>,
  wanted: Readonly<Record<string, string>>,
  { partial = false }: SampleMatch = {},
): boolean {
  const keys = Object.keys(wanted);
  return (
    (partial || Object.keys(labels).length === keys.length) &&
    keys.every((key) => Object.hasOwn(labels, key) && labels[key] === wanted[key])
  );
}

/**
 * The value of the one sample named `name` with the labels `labels` (exactly, unless `partial`);
 * undefined when there is none. Throws when several match, which only a partial match allows: it
 * must still name one series.
 */
export function sampleValue(
  text: string,
  name: string,
  labels: Readonly<Record<string, string>> = {},
  match: SampleMatch = {},
): number | undefined {
  const found = samplesOf(text, name).filter((sample) => hasLabels(sample.labels, labels, match));
  if (found.length > 1) {
    throw new Error(
      `${found.length} samples of ${name} have the labels ${JSON.stringify(labels)}: ${found
        .map((sample) => JSON.stringify(sample.labels))
        .join(', ')}`,
    );
  }
  return found[0]?.value;
}
