// Webpack settings shared by every NestJS service: one CommonJS bundle per app with
// the workspace libraries (@wave/*) compiled in and every npm package left external.
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('node:path');
const nodeExternals = require('webpack-node-externals');

module.exports = function serviceWebpackConfig(appDir, name) {
  return {
    output: { path: join(appDir, '../../dist/apps', name) },
    devtool: 'source-map',
    externals: [
      nodeExternals({
        modulesDir: join(appDir, '../../node_modules'),
        allowlist: [/^@wave\//],
      }),
    ],
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        main: './src/main.ts',
        tsConfig: './tsconfig.app.json',
        optimization: false,
        outputHashing: 'none',
        generatePackageJson: true,
        skipTypeChecking: true,
        sourceMap: true,
        externalDependencies: 'none',
        mergeExternals: true,
      }),
    ],
  };
};
