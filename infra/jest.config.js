const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'infra',
  rootDir: __dirname,
  roots: ['<rootDir>/deploy', '<rootDir>/bench/load', '<rootDir>/scripts'],
  // The scripts are ES modules that Node runs as they are: compiled to CommonJS for Jest.
  transform: {
    ...preset.transform,
    '^.+\\.mjs$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  moduleFileExtensions: [...preset.moduleFileExtensions, 'mjs'],
};
