/**
 * `jest` (`npm test`): the in-process tests, no build, no tarball, no process but a `node -e` or a shell step.
 * A test that needs dist/ (the bin, or `extends: spectral-agent-ux`, which resolves to the built package) goes in test/package/.
 * The package tier (test/package/, `npm run test:package`: jest.package.config.cjs) and the corpus
 * (test/corpus/, `npm run test:corpus`: jest.corpus.config.cjs) have configs of their own.
 */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/corpus/', '<rootDir>/test/package/'],
  transform: {
    // Transpile only: `npm run typecheck` checks the types once, instead of once per worker and file.
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', isolatedModules: true } }],
  },
  testTimeout: 30000,
  // Two cores: one worker each.
  maxWorkers: 2,
};
