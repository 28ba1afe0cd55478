module.exports = require('../../infra/build/service-webpack.config.js')(
  __dirname,
  'recommendations',
);
