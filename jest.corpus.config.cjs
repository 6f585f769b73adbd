/** npm run test:corpus: the real-world descriptions of scripts/corpus.json; slow, so kept out of `jest`. */
const base = require('./jest.package.config.cjs');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  roots: ['<rootDir>/test/corpus'],
  testTimeout: 600000,
};
