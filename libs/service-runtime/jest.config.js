const preset = require('../../jest.preset.js');

module.exports = { ...preset, displayName: 'service-runtime', rootDir: __dirname };
