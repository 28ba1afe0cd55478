const preset = require('../../jest.preset.js');

module.exports = { ...preset, displayName: 'demo-data', rootDir: __dirname };
