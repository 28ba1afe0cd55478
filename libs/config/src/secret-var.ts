import { z } from 'zod';
import {
  isPlaceholderSecret,
  isWeakSecret,
  MIN_DISTINCT_SECRET_CHARACTERS,
} from './placeholder-secrets.constant';

/** What NODE_ENV may be. Unset means production. */
export const RUNTIME_MODES = ['development', 'test', 'production'] as const;
export type RuntimeMode = (typeof RUNTIME_MODES)[number];

/**
 * The two explicit modes `npm start` (development) and `npm test` (test) set: the only ones
 * in which a secret left unset takes its built-in value.
 */
export const allowsBuiltInSecrets = (mode: unknown): boolean =>
  mode === 'development' || mode === 'test';

const BUILT_IN_ONLY = 'the built-in value is only for NODE_ENV=development or test';

/**
 * - `key`: a signing or API secret; refused when shorter than `minLength` or with fewer
 *   than 10 different characters.
 * - `identifier`: a name that goes with a secret (an S3 access key).
 * - `url`: a connection URL; its password is what is checked.
 */
export type SecretKind = 'key' | 'identifier' | 'url';

export interface SecretVarOptions {
  kind: SecretKind;
  /** How to make a good value: every refusal says it. */
  advice: string;
  /** Taken when the variable is unset in development and test; refused in any other mode. */
  developmentDefault?: string;
  /** For `key`. */
  minLength?: number;
  /** For `url`: the schemes allowed, e.g. `postgres:`. */
  protocols?: readonly string[];
}

/** The secret variables that have a built-in value, found in a schema's shape by serviceEnvSchema. */
const builtInValues = z.registry<{ developmentDefault: string; advice: string }>();

/** What is wrong with a value given for a secret (null: nothing), in any mode. */
function secretProblem(value: string, options: SecretVarOptions): string | null {
  // The built-in value is judged by mode (serviceEnvSchema), not as a placeholder.
  if (value === options.developmentDefault) return null;
  const ownValue = `set your own (${options.advice})`;
  switch (options.kind) {
    case 'url': {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return `must be a URL (${options.advice})`;
      }
      if (options.protocols && !options.protocols.includes(url.protocol)) {
        return `must use ${options.protocols.join(' or ')}`;
      }
      let password = url.password;
      try {
        password = decodeURIComponent(password);
      } catch {
        // not percent-encoded: checked as it is
      }
      return password !== '' && isPlaceholderSecret(password)
        ? `has a placeholder password: ${ownValue}`
        : null;
    }
    case 'identifier':
      return isPlaceholderSecret(value) ? `is a placeholder, not a real value: ${ownValue}` : null;
    case 'key':
      if (isPlaceholderSecret(value)) return `is a placeholder, not a secret: ${ownValue}`;
      if (value.length < (options.minLength ?? 1)) {
        return `must be at least ${options.minLength} characters (${options.advice})`;
      }
      if (isWeakSecret(value)) {
        return `is too weak (fewer than ${MIN_DISTINCT_SECRET_CHARACTERS} different characters): ${ownValue}`;
      }
      return null;
  }
}

/**
 * A secret variable. Placeholders and weak values are refused in every mode. With a
 * `developmentDefault`, an unset variable takes it in development and test and stops the
 * app in any other mode; the built-in value given explicitly is refused there too. Only
 * schemas built with serviceEnvSchema apply the default.
 */
export function secretVar(options: SecretVarOptions): z.ZodString {
  const schema = z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `must be set (${options.advice})${options.developmentDefault === undefined ? '' : `; ${BUILT_IN_ONLY}`}`
          : undefined,
    })
    .superRefine((value, context) => {
      const problem = secretProblem(value, options);
      if (problem !== null) context.addIssue({ code: 'custom', message: problem });
    });
  if (options.developmentDefault !== undefined) {
    builtInValues.add(schema, {
      developmentDefault: options.developmentDefault,
      advice: options.advice,
    });
  }
  return schema;
}

/** A message for a secret another setting makes necessary (MEILI_MASTER_KEY with MEILI_URL). */
export const secretRequiredMessage = (advice: string, when: string): string =>
  `must be set ${when} (${advice}) outside NODE_ENV=development or test`;

interface BuiltInSecret {
  name: string;
  developmentDefault: string;
  advice: string;
}

/** The secret variables of a shape that have a built-in value. */
export const builtInSecretsOf = (shape: z.ZodRawShape): BuiltInSecret[] =>
  Object.entries(shape).flatMap(([name, schema]) => {
    const builtIn = builtInValues.get(schema);
    return builtIn === undefined ? [] : [{ name, ...builtIn }];
  });

/**
 * Before parsing: a secret set to nothing counts as unset, and an unset one takes its
 * built-in value when NODE_ENV is exactly development or test.
 */
export function withBuiltInSecrets(input: unknown, secrets: readonly BuiltInSecret[]): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const env: Record<string, unknown> = { ...input };
  const builtInAllowed = allowsBuiltInSecrets(env['NODE_ENV']);
  for (const { name, developmentDefault } of secrets) {
    if (env[name] === '') delete env[name];
    if (env[name] === undefined && builtInAllowed) env[name] = developmentDefault;
  }
  return env;
}

/** After parsing: outside development and test, no secret may be its (public) built-in value. */
export function refuseBuiltInSecrets(
  config: Record<string, unknown>,
  secrets: readonly BuiltInSecret[],
  context: z.RefinementCtx,
): void {
  const host = config['HOST'];
  const onLoopback = typeof host === 'string' && isLoopbackHost(host);
  if (allowsBuiltInSecrets(config['NODE_ENV']) && onLoopback) return;
  const why = onLoopback
    ? BUILT_IN_ONLY
    : `the built-in values serve only a service that listens on loopback (HOST=127.0.0.1), and this one listens on ${String(host)}`;
  for (const { name, developmentDefault, advice } of secrets) {
    if (config[name] === developmentDefault) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `is the built-in development value, which is public: set your own (${advice}); ${why}`,
      });
    }
  }
}

/**
 * Whether a listen address is this machine only. A development or test run on any other
 * address could be reached by others, who could read the public built-in secrets here.
 */
export function isLoopbackHost(host: string): boolean {
  const value = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return value === 'localhost' || value === '::1' || /^127(?:\.\d{1,3}){3}$/.test(value);
}
