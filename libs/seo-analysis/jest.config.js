const preset = require('../../jest.preset.js');

module.exports = { ...preset, displayName: 'seo-analysis', rootDir: __dirname };
