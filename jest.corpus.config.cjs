/** npm run test:corpus: the real-world descriptions of scripts/corpus.json; slow, so kept out of `jest`. */
const base = require('./jest.config.cjs');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  roots: ['<rootDir>/test/corpus'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 600000,
};
