// Shared Jest settings: TypeScript through SWC (with decorator metadata for NestJS)
// and the workspace path aliases from tsconfig.base.json.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

/**
 * Packages that the workspace libraries use and that are published only as ES modules: Jest
 * compiles them to CommonJS (Node itself loads them with require(), from Node 20.19 on).
 * content-disposition 3 is one, inside @fastify/static (which serves the gateway's API
 * documentation page): named by that path too, as Jest skips whatever lies under a package it
 * is not told of.
 */
const ESM_PACKAGES = [
  'syllable',
  'flesch',
  'cmu-pronouncing-dictionary',
  'content-disposition',
  '@fastify/static/node_modules/content-disposition',
];

/**
 * CommonJS packages that load Node's modules with a dynamic `import()`, which Jest's module
 * system cannot run (without --experimental-vm-modules): compiled so that it becomes `require`.
 * The OTLP exporter loads `http` so.
 */
const DYNAMIC_IMPORT_PACKAGES = ['@opentelemetry/otlp-exporter-base'];

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias}$`,
    path.join(__dirname, target),
  ]),
);

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
    [`/node_modules/(${ESM_PACKAGES.join('|')})/.+\\.js$`]: [
      '@swc/jest',
      { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
    ],
    [`/node_modules/(${DYNAMIC_IMPORT_PACKAGES.join('|')})/.+\\.c?js$`]: [
      '@swc/jest',
      { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [
    `/node_modules/(?!(${[...ESM_PACKAGES, ...DYNAMIC_IMPORT_PACKAGES].join('|')})/)`,
  ],
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
  testMatch: ['**/*.spec.ts'],
  clearMocks: true,
};
