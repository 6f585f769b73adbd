/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // test/corpus/ lints real-world descriptions for minutes: `npm run test:corpus` (jest.corpus.config.cjs).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/corpus/'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node' } }],
  },
  testTimeout: 30000,
  // Most suites wait on child processes (the Spectral CLI, npm, Chromium, servers): two workers overlap them on two cores.
  maxWorkers: 2,
};
