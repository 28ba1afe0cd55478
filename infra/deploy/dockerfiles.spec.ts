import { spawnSync } from 'node:child_process';
import { runInNewContext } from 'node:vm';
import type { Dockerfile, Instruction, Stage } from './dockerfile';
import {
  argsOf,
  envOf,
  execForm,
  flagsAndWords,
  healthcheckOf,
  parseDockerfile,
  withBuildArgs,
} from './dockerfile';
import {
  deployedApps,
  exists,
  PAGE_META,
  PAGE_META_PORT,
  portOf,
  readText,
  REPO_ROOT,
  SERVICE_DOCKERFILE,
  serviceBuildArgs,
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
 * The URL a `node -e` health check fetches, run with the image's environment: its fetch and
 * process.exit are stand-ins, and nothing is sent.
 */
function healthcheckUrl(script: string, environment: Record<string, string>): string {
  const fetched: string[] = [];
  runInNewContext(script, {
    fetch: (url: unknown) => {
      fetched.push(String(url));
      return new Promise(() => undefined);
    },
    process: { env: { ...environment }, exit: () => undefined },
  });
  expect(fetched).toHaveLength(1);
  return fetched[0]!;
}

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
  it('reads a stage as docker build --build-arg does: each ARG in scope after it', () => {
    const sut = withBuildArgs(
      parseDockerfile(
        [
          'FROM node:20 AS build',
          'ARG SERVICE',
          'RUN echo ${SERVICE} $HOME',
          'FROM node:20',
          'ARG SERVICE PORT=1 UNSET',
          'ENV PORT=${PORT} NAME=$SERVICE-${UNSET}x',
          'EXPOSE $PORT',
          'COPY dist/${NAME}/ ./',
          'HEALTHCHECK CMD ["node", "-e", "${PORT}"]',
        ].join('\n'),
      ),
      { SERVICE: 'timeline' },
    );

    // The shell's own variables stay for the shell; CMD and HEALTHCHECK run in the container.
    expect(sut.stages.map((stage) => stage.instructions.map(({ args }) => args))).toEqual([
      ['SERVICE', 'echo timeline $HOME'],
      [
        'SERVICE PORT=1 UNSET',
        'PORT=1 NAME=timeline-x',
        '1',
        'dist/timeline-x/ ./',
        'CMD ["node", "-e", "${PORT}"]',
      ],
    ]);
  });
});

describe(`the service Dockerfile (${SERVICE_DOCKERFILE})`, () => {
  const text = readText(SERVICE_DOCKERFILE);
  const written = parseDockerfile(text);

  it('finds the deployed apps (apps/*/src/main.ts)', () => {
    expect(apps).toEqual(expect.arrayContaining(['gateway', 'identity']));
  });

  it.each(apps)('is the only Dockerfile of %s (apps/<app>/Dockerfile are gone)', (app) => {
    expect(exists(`apps/${app}/Dockerfile`)).toBe(false);
  });

  it('takes the service and its port as build arguments, and no other', () => {
    const declared = written.stages.flatMap((stage) =>
      ofKind(stage, 'ARG').flatMap((instruction) => Object.keys(argsOf(instruction.args))),
    );
    expect([...new Set(declared)].sort()).toEqual(Object.keys(serviceBuildArgs('gateway')).sort());
    // No default: a build that names no service must not build one.
    for (const stage of written.stages) {
      for (const instruction of ofKind(stage, 'ARG')) {
        expect(Object.values(argsOf(instruction.args))).toEqual(
          Object.values(argsOf(instruction.args)).map(() => undefined),
        );
      }
    }
  });

  it('declares SERVICE in the build stage only after npm ci, so every service shares that layer', () => {
    const build = written.stages[0]!;
    const install = indexOf(build, (instruction) => /^npm ci\b/.test(instruction.args));
    const declared = indexOf(
      build,
      (instruction) => instruction.keyword === 'ARG' && 'SERVICE' in argsOf(instruction.args),
    );
    expect(install).toBeGreaterThan(-1);
    expect(declared).toBeGreaterThan(install);
  });

  describe('a build without the right arguments', () => {
    const runtime = written.stages.at(-1)!;
    /** The runtime stage's check, run by sh as RUN would, with these build arguments. */
    const check = (environment: Record<string, string>) =>
      spawnSync('/bin/sh', ['-c', ofKind(runtime, 'RUN')[0]!.args], {
        env: { PATH: process.env['PATH'], ...environment },
        encoding: 'utf8',
      });

    it('fails at the first step of the runtime stage, which runs beside the install', () => {
      // Before anything that waits for the build stage (COPY --from).
      const first = runtime.instructions.findIndex(({ keyword }) => keyword !== 'ARG');
      expect(runtime.instructions[first]).toEqual(ofKind(runtime, 'RUN')[0]);
      expect(check(serviceBuildArgs('timeline')).status).toBe(0);
    });

    it.each([
      ['no SERVICE', { PORT: '3002' }],
      ['no PORT', { SERVICE: 'timeline' }],
      ['an empty SERVICE', { SERVICE: '', PORT: '3002' }],
      ['a PORT that is not a number', { SERVICE: 'timeline', PORT: 'http' }],
      ['neither', {}],
    ])('with %s, and says what to pass', (_case, environment) => {
      const result = check(environment);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('--build-arg SERVICE=<service> --build-arg PORT=<port>');
    });

    describe('with a SERVICE that is not a Node service', () => {
      const build = written.stages[0]!;
      const runs = ofKind(build, 'RUN');
      const guard = runs.find(({ args }) => args.includes('src/main.ts'))!;
      /** The build stage's guard, run by sh in the build context as RUN would. */
      const run = (service: string) =>
        spawnSync('/bin/sh', ['-c', guard.args], {
          cwd: REPO_ROOT,
          env: { PATH: process.env['PATH'], SERVICE: service },
          encoding: 'utf8',
        });

      it('checks it before building it, and lets every deployed app through', () => {
        const nxBuild = runs.find(({ args }) => args.includes('nx run'))!;
        expect(build.instructions.indexOf(guard)).toBeLessThan(build.instructions.indexOf(nxBuild));
        for (const app of apps)
          expect({ app, status: run(app).status }).toEqual({ app, status: 0 });
      });

      it.each([WEB_APP, 'e2e', 'nothing', ''])('fails with SERVICE=%p and says why', (service) => {
        const result = run(service);
        expect(result.status).not.toBe(0);
        expect(result.stderr).toContain(`SERVICE=${service} is not a Node service`);
      });
    });
  });

  describe.each(apps)('built with SERVICE=%s', (app) => {
    const port = portOf(app);
    const sut = withBuildArgs(written, serviceBuildArgs(app));
    const build = sut.stages[0]!;
    const runtime = sut.stages.at(-1)!;

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
      expect(command.slice(0, 2)).toEqual(['node', '-e']);
      expect(healthcheckUrl(command[2]!, envOfStage(runtime))).toBe(
        `http://127.0.0.1:${port}/health`,
      );
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
