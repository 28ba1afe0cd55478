const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'tracing',
  rootDir: __dirname,
  globalSetup: '<rootDir>/../testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/../testing/src/global-teardown.ts',
};
