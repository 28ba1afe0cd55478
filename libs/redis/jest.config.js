const preset = require('../../jest.preset.js');

module.exports = { ...preset, displayName: 'redis', rootDir: __dirname };
