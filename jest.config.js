const { availableParallelism } = require('node:os');

/**
 * Unit specs sit beside the code (also the benchmark's, under scripts/); end-to-end specs run the real
 * app on a real PostgreSQL. Workers: one per core plus one, since the end-to-end files wait on the
 * database much of the time (on 2 cores: 130 s with 3 workers against 141 s with 2), or JEST_WORKERS.
 */
const transform = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
  // @nestjs/passport ships ES modules only: Node loads them with require(), Jest's own loader does not.
  '/node_modules/@nestjs/passport/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', esModuleInterop: true }, diagnostics: false }],
};
/** Packages under node_modules that are transformed (see above); the rest run as they are. */
const transformIgnorePatterns = ['/node_modules/(?!@nestjs/passport/)'];
/** Node's environment, keeping V8's compiled code from file to file of a worker (see the file). */
const testEnvironment = '<rootDir>/test/support/code-cache-environment.cjs';

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment,
      rootDir: __dirname,
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'e2e',
      testEnvironment,
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      transform,
      transformIgnorePatterns,
    },
  ],
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.cjs',
  testTimeout: 60000,
  maxWorkers: Number(process.env.JEST_WORKERS) || availableParallelism() + 1,
};
