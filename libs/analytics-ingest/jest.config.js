const preset = require('../../jest.preset.js');

module.exports = { ...preset, displayName: 'analytics-ingest', rootDir: __dirname };
