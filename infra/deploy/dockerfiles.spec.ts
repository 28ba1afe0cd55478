import type { Dockerfile, Instruction, Stage } from './dockerfile';
import { envOf, execForm, flagsAndWords, healthcheckOf, parseDockerfile } from './dockerfile';
import {
  deployedApps,
  exists,
  PAGE_META,
  PAGE_META_PORT,
  portOf,
  readText,
  WEB_APP,
  WEB_PORT,
  workspaceGlobs,
} from './workspace';

const BASE_IMAGE = 'node:20-bookworm-slim';
const NGINX_IMAGE = /^nginxinc\/nginx-unprivileged:1\.27(\.\d+)?-alpine$/;
const apps = deployedApps();

const ofKind = (stage: Stage, keyword: string): Instruction[] =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);

const indexOf = (stage: Stage, matches: (instruction: Instruction) => boolean): number =>
  stage.instructions.findIndex(matches);

const envOfStage = (stage: Stage): Record<string, string> =>
  ofKind(stage, 'ENV').reduce<Record<string, string>>(
    (env, instruction) => ({ ...env, ...envOf(instruction.args) }),
    {},
  );

const exposedPorts = (stage: Stage): string[] =>
  ofKind(stage, 'EXPOSE').flatMap((instruction) =>
    instruction.args.split(/\s+/).map((word) => word.replace(/\/tcp$/, '')),
  );

/**
 * The build stage every image shares: the workspace installed from its manifests first
 * (a reusable layer), then the app built with Nx.
 */
function itBuildsTheWorkspace(app: string, dockerfile: () => Dockerfile): void {
  const build = (): Stage => dockerfile().stages[0]!;

  it(`builds on ${BASE_IMAGE} in a named stage`, () => {
    expect(build().image).toBe(BASE_IMAGE);
    expect(build().name).toBeTruthy();
  });

  it('names a Dockerfile frontend that knows COPY --parents (1.20 or later)', () => {
    const version = /^docker\/dockerfile:1(?:\.(\d+))?(?:\.\d+)?$/.exec(
      dockerfile().directives['syntax'] ?? '',
    );
    expect(version).not.toBeNull();
    // `:1` follows the newest 1.x; a pinned minor must be 1.20 or later.
    expect(Number(version![1] ?? Infinity)).toBeGreaterThanOrEqual(20);
  });

  it('copies the root manifests and every workspace package.json before npm ci', () => {
    const stage = build();
    const install = indexOf(stage, (instruction) => /^npm ci\b/.test(instruction.args));
    expect(install).toBeGreaterThan(-1);
    const copied = ofKind(stage, 'COPY')
      .filter((instruction) => stage.instructions.indexOf(instruction) < install)
      .map((instruction) => flagsAndWords(instruction.args));
    const sources = (parents: boolean): string[] =>
      copied
        .filter(({ flags }) => (flags['parents'] === 'true') === parents)
        .flatMap(({ words }) => words.slice(0, -1));

    expect(sources(false)).toEqual(
      expect.arrayContaining(['package.json', 'package-lock.json', '.npmrc']),
    );
    expect(workspaceGlobs().length).toBeGreaterThan(0);
    for (const workspace of workspaceGlobs()) {
      expect(sources(true)).toContain(`${workspace}/package.json`);
    }
  });

  it(`installs with install scripts allowed, then builds ${app} with Nx`, () => {
    const runs = ofKind(build(), 'RUN').map((instruction) => instruction.args);
    expect(runs).toContain('npm ci --ignore-scripts=false');
    expect(runs).toContainEqual(expect.stringMatching(new RegExp(`nx run ${app}:build$`)));
    expect(runs.find((args) => args.includes(`${app}:build`))).toMatch(
      /NX_DAEMON=false NX_NO_CLOUD=true/,
    );
  });
}

describe('the Dockerfile parser', () => {
  it('joins continued lines, drops comments and groups instructions into stages', () => {
    const sut = parseDockerfile(
      [
        '# syntax=docker/dockerfile:1',
        'ARG VERSION=20',
        'FROM node:20 AS build',
        'RUN echo one \\',
        '  # a comment inside the continuation',
        '  && echo two',
        '',
        'FROM --platform=linux/amd64 node:20-slim',
        'ENV A=1 B="two"',
        'HEALTHCHECK --interval=5s CMD ["node", "-e", "process.exit(0)"]',
      ].join('\n'),
    );

    expect(sut.directives).toEqual({ syntax: 'docker/dockerfile:1' });
    expect(sut.preamble.map((instruction) => instruction.keyword)).toEqual(['ARG']);
    expect(sut.stages.map((stage) => [stage.image, stage.name])).toEqual([
      ['node:20', 'build'],
      ['node:20-slim', null],
    ]);
    expect(sut.stages[0]!.instructions[0]).toEqual({
      keyword: 'RUN',
      args: 'echo one && echo two',
      line: 4,
    });
    expect(envOfStage(sut.stages[1]!)).toEqual({ A: '1', B: 'two' });
    expect(healthcheckOf(sut.stages[1]!.instructions[1]!.args)).toEqual({
      options: { interval: '5s' },
      command: ['node', '-e', 'process.exit(0)'],
    });
  });
});

describe('the service Dockerfiles', () => {
  it('finds the deployed apps (apps/*/src/main.ts)', () => {
    expect(apps).toEqual(expect.arrayContaining(['gateway', 'identity']));
  });

  describe.each(apps)('apps/%s/Dockerfile', (app) => {
    const path = `apps/${app}/Dockerfile`;
    const port = portOf(app);
    let sut: Dockerfile;
    let build: Stage;
    let runtime: Stage;

    beforeAll(() => {
      expect(exists(path)).toBe(true);
      sut = parseDockerfile(readText(path));
      build = sut.stages[0]!;
      runtime = sut.stages.at(-1)!;
    });

    it('builds in one stage and runs from another', () => {
      expect(sut.stages.length).toBeGreaterThanOrEqual(2);
      expect(runtime).not.toBe(build);
    });

    it(`bases every stage on ${BASE_IMAGE}`, () => {
      expect(sut.stages.map((stage) => stage.image)).toEqual(sut.stages.map(() => BASE_IMAGE));
    });

    itBuildsTheWorkspace(app, () => sut);

    it("copies only this app's bundle into the runtime stage", () => {
      const copies = ofKind(runtime, 'COPY').map((instruction) => flagsAndWords(instruction.args));
      expect(copies).toEqual([
        { flags: { from: build.name }, words: [`/workspace/dist/apps/${app}/`, './'] },
      ]);
      expect(ofKind(runtime, 'WORKDIR').map((instruction) => instruction.args)).toEqual(['/app']);
    });

    it('installs only the production dependencies, with install scripts (argon2)', () => {
      const runs = ofKind(runtime, 'RUN').map((instruction) => instruction.args);
      expect(runs).toContainEqual(
        expect.stringMatching(/^npm ci --omit=dev --ignore-scripts=false(\s|$)/),
      );
      expect(envOfStage(runtime)).toMatchObject({ NODE_ENV: 'production' });
    });

    it('runs as a non-root user, set after the last RUN', () => {
      const users = ofKind(runtime, 'USER');
      const user = users.at(-1);
      expect(user).toBeDefined();
      expect(user!.args.split(':')[0]).not.toMatch(/^(root|0)$/);
      const lastRun = ofKind(runtime, 'RUN').at(-1);
      expect(runtime.instructions.indexOf(user!)).toBeGreaterThan(
        lastRun ? runtime.instructions.indexOf(lastRun) : -1,
      );
    });

    it(`listens on 0.0.0.0:${port} and exposes that port`, () => {
      expect(envOfStage(runtime)).toMatchObject({ HOST: '0.0.0.0', PORT: String(port) });
      expect(exposedPorts(runtime)).toEqual([String(port)]);
    });

    it(`checks http://127.0.0.1:${port}/health with node's fetch (no curl in slim images)`, () => {
      const checks = ofKind(runtime, 'HEALTHCHECK');
      expect(checks).toHaveLength(1);
      const { options, command } = healthcheckOf(checks[0]!.args);
      expect(command[0]).toBe('node');
      expect(command.join(' ')).toContain(`fetch('http://127.0.0.1:${port}/health')`);
      expect(Object.keys(options)).toEqual(
        expect.arrayContaining(['interval', 'timeout', 'retries']),
      );
    });

    it('starts node main.js', () => {
      const commands = ofKind(runtime, 'CMD');
      expect(commands).toHaveLength(1);
      expect(execForm(commands[0]!.args)).toEqual(['node', 'main.js']);
      expect(ofKind(runtime, 'ENTRYPOINT')).toEqual([]);
    });
  });
});

describe(`apps/${WEB_APP}/Dockerfile`, () => {
  const path = `apps/${WEB_APP}/Dockerfile`;
  let sut: Dockerfile;
  let build: Stage;
  let runtime: Stage;

  beforeAll(() => {
    expect(exists(path)).toBe(true);
    sut = parseDockerfile(readText(path));
    build = sut.stages[0]!;
    runtime = sut.stages.at(-1)!;
  });

  it('builds in one stage and serves from another, on nginx-unprivileged 1.27 (alpine)', () => {
    // build, the page-meta server beside nginx, and nginx (the last: the default target).
    expect(sut.stages.map((stage) => stage.name)).toEqual([build.name, PAGE_META, runtime.name]);
    expect(runtime.image).toMatch(NGINX_IMAGE);
  });

  itBuildsTheWorkspace(WEB_APP, () => sut);

  it('serves the built app from the build stage as the nginx document root', () => {
    const copies = ofKind(runtime, 'COPY').map((instruction) => flagsAndWords(instruction.args));
    expect(copies).toContainEqual({
      flags: { from: build.name },
      words: [`/workspace/dist/apps/${WEB_APP}/`, '/usr/share/nginx/html/'],
    });
    // And the Content-Security-Policy the build wrote for that index.html (an nginx snippet).
    expect(copies).toContainEqual({
      flags: { from: build.name },
      words: [
        `/workspace/dist/apps/${WEB_APP}/content-security-policy.conf`,
        '/etc/nginx/snippets/content-security-policy.conf',
      ],
    });
    // Nothing else comes from the build stage: no workspace, no node_modules.
    expect(copies.filter(({ flags }) => flags['from'] !== undefined)).toHaveLength(2);
  });

  it("copies the server template where the image's entrypoint renders it", () => {
    const copies = ofKind(runtime, 'COPY').map((instruction) => flagsAndWords(instruction.args));
    expect(copies).toContainEqual({
      flags: {},
      words: [
        `apps/${WEB_APP}/nginx/default.conf.template`,
        '/etc/nginx/templates/default.conf.template',
      ],
    });
    for (const { flags, words } of copies) {
      if (flags['from'] === undefined) {
        for (const source of words.slice(0, -1))
          expect({ source, exists: exists(source) }).toEqual({ source, exists: true });
      }
    }
  });

  it('keeps the entrypoint of the base image, which renders the templates', () => {
    expect(ofKind(runtime, 'ENTRYPOINT')).toEqual([]);
    expect(ofKind(runtime, 'CMD')).toEqual([]);
  });

  it('sends /api and /objects to the gateway service by default', () => {
    expect(envOfStage(runtime)).toMatchObject({
      GATEWAY_UPSTREAM: `gateway:${portOf('gateway')}`,
    });
  });

  it('sends the public pages to the page-meta server on the loopback, by default', () => {
    expect(envOfStage(runtime)).toMatchObject({
      PAGE_META_UPSTREAM: `127.0.0.1:${PAGE_META_PORT}`,
    });
  });

  it("runs as nginx-unprivileged's user 101, set after the last RUN", () => {
    const user = ofKind(runtime, 'USER').at(-1);
    expect(user?.args).toBe('101');
    const lastRun = ofKind(runtime, 'RUN').at(-1);
    expect(runtime.instructions.indexOf(user!)).toBeGreaterThan(
      lastRun ? runtime.instructions.indexOf(lastRun) : -1,
    );
  });

  it(`exposes ${WEB_PORT} only`, () => {
    expect(exposedPorts(runtime)).toEqual([String(WEB_PORT)]);
  });

  it(`checks http://127.0.0.1:${WEB_PORT}/healthz with busybox wget (no curl in the image)`, () => {
    const checks = ofKind(runtime, 'HEALTHCHECK');
    expect(checks).toHaveLength(1);
    const { options, command } = healthcheckOf(checks[0]!.args);
    expect(command).toEqual(['wget', '-q', '--spider', `http://127.0.0.1:${WEB_PORT}/healthz`]);
    expect(Object.keys(options)).toEqual(
      expect.arrayContaining(['interval', 'timeout', 'retries']),
    );
  });
});

describe(`apps/${WEB_APP}/Dockerfile, the ${PAGE_META} stage`, () => {
  const sut = parseDockerfile(readText(`apps/${WEB_APP}/Dockerfile`));
  const build = sut.stages[0]!;
  const stage = sut.stages.find((candidate) => candidate.name === PAGE_META)!;

  it(`runs on ${BASE_IMAGE} in production mode`, () => {
    expect(stage).toBeDefined();
    expect(stage.image).toBe(BASE_IMAGE);
    expect(envOfStage(stage)).toMatchObject({ NODE_ENV: 'production' });
  });

  it('copies only its bundle, and the index.html and robots.txt of the same build, nothing to install', () => {
    const copies = ofKind(stage, 'COPY').map((instruction) => flagsAndWords(instruction.args));
    expect(copies).toEqual([
      {
        flags: { from: build.name },
        words: [`/workspace/dist/apps/${PAGE_META}/main.js`, './main.js'],
      },
      {
        flags: { from: build.name },
        words: [`/workspace/dist/apps/${WEB_APP}/index.html`, './index.html'],
      },
      // Beside index.html, where the server reads it.
      {
        flags: { from: build.name },
        words: [`/workspace/dist/apps/${WEB_APP}/robots.txt`, './robots.txt'],
      },
    ]);
    expect(ofKind(stage, 'RUN')).toEqual([]);
    expect(ofKind(stage, 'WORKDIR').map((instruction) => instruction.args)).toEqual(['/app']);
    expect(envOfStage(stage)).toMatchObject({ INDEX_HTML: '/app/index.html' });
  });

  it(`runs as the node user, listening on 0.0.0.0:${PAGE_META_PORT}`, () => {
    expect(ofKind(stage, 'USER').map((instruction) => instruction.args)).toEqual(['node']);
    expect(envOfStage(stage)).toMatchObject({ HOST: '0.0.0.0', PORT: String(PAGE_META_PORT) });
    expect(exposedPorts(stage)).toEqual([String(PAGE_META_PORT)]);
  });

  it(`checks http://127.0.0.1:${PAGE_META_PORT}/health with node's fetch and starts node main.js`, () => {
    const checks = ofKind(stage, 'HEALTHCHECK');
    expect(checks).toHaveLength(1);
    const { options, command } = healthcheckOf(checks[0]!.args);
    expect(command[0]).toBe('node');
    expect(command.join(' ')).toContain(`fetch('http://127.0.0.1:${PAGE_META_PORT}/health')`);
    expect(Object.keys(options)).toEqual(
      expect.arrayContaining(['interval', 'timeout', 'retries']),
    );
    expect(ofKind(stage, 'CMD').map((instruction) => execForm(instruction.args))).toEqual([
      ['node', 'main.js'],
    ]);
  });
});

describe('the root .dockerignore', () => {
  const sut = readText('.dockerignore')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it.each(['node_modules', 'dist', '.nx', 'coverage', 'tmp', '.git', '*.log'])(
    'keeps %s out of the build context',
    (pattern) => {
      expect(sut).toContain(pattern);
    },
  );

  it('keeps no source or manifest the build needs out of the context', () => {
    for (const needed of ['apps', 'libs', 'infra', 'package.json', 'package-lock.json', '.npmrc']) {
      expect(sut).not.toContain(needed);
    }
  });
});
