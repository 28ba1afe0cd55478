// Every unit and integration test of the workspace in one Jest run (one summary).
// The whole-stack tests have their own run: apps/e2e/jest.config.js.
const { readdirSync, existsSync } = require('node:fs');
const { join } = require('node:path');

const projects = ['libs', 'apps']
  .flatMap((folder) =>
    readdirSync(join(__dirname, folder)).map((name) => join(__dirname, folder, name)),
  )
  .concat([join(__dirname, 'infra')])
  .filter((dir) => !dir.endsWith('/e2e') && existsSync(join(dir, 'jest.config.js')))
  .map((dir) => join(dir, 'jest.config.js'));

module.exports = { projects };
