const preset = require('../../jest.preset.js');

/** Whole-stack tests: they start the built apps from dist/ (build them first). */
module.exports = {
  ...preset,
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/../../libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/../../libs/testing/src/global-teardown.ts',
  testTimeout: 30_000,
  setupFilesAfterEnv: ['<rootDir>/test/support/stop-leftovers.ts'],
  maxWorkers: 2,
};
