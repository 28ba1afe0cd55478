const preset = require('../../jest.preset.js');

/** Packages published only as ES modules, compiled to CommonJS for Jest (Node runs them as they are). */
const ESM_PACKAGES = ['meilisearch'];

module.exports = {
  ...preset,
  displayName: 'search',
  rootDir: __dirname,
  transform: {
    ...preset.transform,
    [`/node_modules/(${ESM_PACKAGES.join('|')})/.+\\.js$`]: [
      '@swc/jest',
      { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  globalSetup: '<rootDir>/../../libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/../../libs/testing/src/global-teardown.ts',
};
