const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'infra',
  rootDir: __dirname,
  roots: ['<rootDir>/deploy', '<rootDir>/bench/load'],
};
