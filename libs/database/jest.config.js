const preset = require('../../jest.preset.js');

module.exports = { ...preset, displayName: 'database', rootDir: __dirname };
