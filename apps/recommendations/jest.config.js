const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'recommendations',
  rootDir: __dirname,
  globalSetup: '<rootDir>/../../libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/../../libs/testing/src/global-teardown.ts',
};
