/*
 * Module boundaries of the schedule (README, "Layout"): the engine is pure, the core is the one way into
 * the schedule, and schedule features never reach into each other or into the core's files. Plain
 * `no-restricted-imports` on import specifiers, so the rule needs no plugin and no type information;
 * `src/schedule/module-boundaries.spec.ts` checks that a violation is reported.
 */
const ENGINE_RULE = {
  patterns: [
    { regex: '^\\.\\.', message: 'The schedule engine is pure: it imports only its own files (no platform, schedule or other code).' },
    {
      group: ['@nestjs/*', 'typeorm', 'typeorm/*', 'pg', 'class-validator', 'class-transformer', 'express', 'node:*'],
      message: 'The schedule engine is pure: no framework, database or I/O.',
    },
  ],
};

const CORE_RULE = {
  patterns: [{ regex: '^\\.\\./(?!core$)[\\w-]+', message: 'The schedule core must not depend on the schedule features built on it.' }],
};

/** For a file `depth` folders below `src/schedule/<feature>/`: another feature, or a core file instead of the core's index. */
const featureRule = (depth) => ({
  patterns: [
    {
      regex: `^${'\\.\\./'.repeat(depth + 1)}(?!core$)[\\w-]+`,
      message: 'A schedule feature imports only the schedule core (its index) and the engine, never another feature or a core file.',
    },
  ],
});

const OUTSIDE_SCHEDULE_RULE = {
  patterns: [{ regex: '/schedule/(?!core$)', message: 'Outside the schedule, import only the schedule core (its index) and the engine.' }],
};

const rule = (options) => ({ 'no-restricted-imports': ['error', options] });

module.exports = [
  { files: ['src/schedule-engine/**/*.ts'], rules: rule(ENGINE_RULE) },
  { files: ['src/schedule/core/*.ts'], rules: rule(CORE_RULE) },
  { files: ['src/schedule/*/*.ts'], ignores: ['src/schedule/core/**'], rules: rule(featureRule(0)) },
  { files: ['src/schedule/*/*/*.ts'], ignores: ['src/schedule/core/**'], rules: rule(featureRule(1)) },
  { files: ['src/schedule/*/*/*/*.ts'], ignores: ['src/schedule/core/**'], rules: rule(featureRule(2)) },
  // app.module.ts assembles the features.
  { files: ['src/**/*.ts'], ignores: ['src/schedule/**', 'src/schedule-engine/**', 'src/app.module.ts'], rules: rule(OUTSIDE_SCHEDULE_RULE) },
];
