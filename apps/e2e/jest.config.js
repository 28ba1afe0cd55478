const preset = require('../../jest.preset.js');

/** Whole-stack tests: they start the built apps from dist/ (build them first). */
module.exports = {
  ...preset,
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/../../libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/../../libs/testing/src/global-teardown.ts',
  // A hook that starts a whole stack (eight services and their migrations, often the web
  // server and Chromium too) beside another suite on two shared cores went past 30 s in a CI
  // check (browser/accounts, with no other load on the machine), and past 60 s beside the
  // demo seed's suite, whose seed commands keep both cores busy for a minute (browser/quality):
  // two minutes for every test and hook that names no time of its own.
  testTimeout: 120_000,
  setupFilesAfterEnv: ['<rootDir>/test/support/stop-leftovers.ts'],
  maxWorkers: 2,
};
