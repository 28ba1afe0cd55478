const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'testing',
  rootDir: __dirname,
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
};
