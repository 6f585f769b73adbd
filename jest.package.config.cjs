/**
 * npm run test:package: the built package as users get it (dist/, built first by the script): the tarball
 * packed and installed once (test/support/packed.ts, the global setup), the bin and the Spectral CLI as
 * processes, the example apps and probe servers, the Node versions, Chromium and the GitHub Action.
 */
const base = require('./jest.config.cjs');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  roots: ['<rootDir>/test/package'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/test/support/packed.ts',
  // Most tests wait on child processes (the bin, npm, Chromium, servers), slow on a busy machine: a generous bound.
  testTimeout: 120000,
};
