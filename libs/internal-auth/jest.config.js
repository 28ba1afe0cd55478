const preset = require('../../jest.preset.js');

module.exports = { ...preset, displayName: 'internal-auth', rootDir: __dirname };
