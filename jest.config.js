const { availableParallelism } = require('node:os');

/**
 * Unit specs sit beside the code (also the benchmark's, under scripts/); end-to-end specs run the real
 * app on a real PostgreSQL. Workers: one per core plus one, since the end-to-end files wait on the
 * database much of the time (on 2 cores: 130 s with 3 workers against 141 s with 2), or JEST_WORKERS.
 */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }] };

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
      transform,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      transform,
    },
  ],
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.cjs',
  testTimeout: 60000,
  maxWorkers: Number(process.env.JEST_WORKERS) || availableParallelism() + 1,
};
