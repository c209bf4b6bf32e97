/*
 * Module boundaries of `src/` (docs/architecture.md): plain `no-restricted-imports` patterns on import
 * specifiers, so the rules need no plugin and no type information. `src/module-boundaries.spec.ts`
 * checks that each kind of violation is reported.
 *
 * - Every feature folder (`src/<feature>/`) has an `index.ts`: other code imports the folder itself,
 *   never one of its files. The schedule is reached through its core (`schedule/core`, its index).
 * - Libraries every feature may import file by file: `platform/`, `config/`, the pure
 *   `schedule-engine/` and the pure `schedule-solver/` (the timetable solver).
 * - The platform and the configuration import no feature: where the platform needs one, it declares
 *   a port that the feature binds (`platform/auth/account-directory.ts`).
 * - The engine is pure; the schedule core depends on no schedule feature; schedule features import
 *   only the core's index, the engine, the platform and other areas' indexes.
 *
 * The web client (`web/src/`) keeps the same discipline (issue 42):
 * - A section (`web/src/<section>/`) uses another only through what that section's `index.ts`
 *   exports (import the folder, `'../users'`), and never the registry (`sections.ts`): the registry
 *   loads the sections, the pages pass it to the shell.
 * - `shared/` is the ground: it imports no section and not the registry (only `api/` and itself).
 * - `api/` imports nothing of the client.
 */
const MAX_DEPTH = 5;
const LIBRARIES = '(?:platform|config|schedule-engine|schedule-solver)/';

/** `../` repeated: the climb from a file `levels` folders below `src/` up to `src/`. */
const up = (levels) => '\\.\\./'.repeat(levels);

/** Another area's files, seen from `levels` folders below `src/`: only its index may be imported. */
const otherAreasFiles = (levels) => ({
  regex: `^${levels === 0 ? '\\./' : up(levels)}(?!${LIBRARIES})(?!schedule/core$)[\\w-]+/`,
  message:
    "Another feature is used only through its index.ts: import the folder itself (e.g. '../users'), and the schedule through 'schedule/core'. Export what you need from that index.",
});

const ENGINE_PATTERNS = [
  { regex: '^\\.\\.', message: 'The schedule engine is pure: it imports only its own files (no platform, schedule or other code).' },
  {
    group: ['@nestjs/*', 'typeorm', 'typeorm/*', 'pg', 'class-validator', 'class-transformer', 'express', 'node:*'],
    message: 'The schedule engine is pure: no framework, database or I/O.',
  },
];

/** The solver is pure like the engine; its files `levels` folders below it stay inside it. */
const SOLVER_PATTERNS = (levels) => [
  { regex: `^${up(levels + 1)}`, message: 'The schedule solver is pure: it imports only its own files (no platform, schedule or other code).' },
  {
    group: ['@nestjs/*', 'typeorm', 'typeorm/*', 'pg', 'class-validator', 'class-transformer', 'express', 'node:*'],
    message: 'The schedule solver is pure: no framework, database or I/O.',
  },
];

const CORE_PATTERN = {
  regex: '^\\.\\./(?!core$)[\\w-]+',
  message: 'The schedule core must not depend on the schedule features built on it.',
};

/** For a file `depth` folders below `src/schedule/<feature>/`: another schedule feature, or a core file. */
const scheduleFeaturePattern = (depth) => ({
  regex: `^${up(depth + 1)}(?!core$)[\\w-]+`,
  message: 'A schedule feature imports only the schedule core (its index) and the engine, never another feature or a core file.',
});

/** For a file `depth` folders below `src/platform/<area>/` (or `src/config/`): any feature. */
const platformPattern = (levels) => ({
  regex: `^${up(levels)}(?!(?:platform|config)/)[\\w-]+`,
  message:
    'The platform (and the configuration) serve every feature and import none: declare a port here and let the feature bind it (see platform/auth/account-directory.ts).',
});

const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const depths = [...Array(MAX_DEPTH).keys()];
const below = (prefix, depth) => `${prefix}${'*/'.repeat(depth)}*.ts`;

/** Web: for a file `levels` folders below `web/src/`, another section's file or the registry. */
const webSectionPatterns = (levels) => [
  {
    regex: `^${up(levels)}(?!shared/|api/)[\\w-]+/`,
    message: "A web section uses another only through its index.ts: import the folder itself (e.g. '../users') and export what you need from that index.",
  },
  { regex: `^${up(levels)}sections$`, message: 'A web section never imports the registry (sections.ts): the page passes it to the shell.' },
];

/** Web: for a file `levels` folders below `web/src/` inside `shared/`: anything above shared but the API client. */
const webSharedPattern = (levels) => ({
  regex: `^${up(levels)}(?!api/|shared/)`,
  message: 'web/src/shared is the ground every section stands on: it imports no section and not the registry (only api/ and shared/).',
});

const WEB_FILES = (prefix, depth) => [`${prefix}${'*/'.repeat(depth)}*.ts`, `${prefix}${'*/'.repeat(depth)}*.tsx`];

module.exports = [
  // Files of the root (main.ts, app.module.ts, ...): they assemble the features through their indexes.
  { files: ['src/*.ts'], rules: rule([otherAreasFiles(0)]) },
  // Features outside the schedule.
  ...depths.map((depth) => ({
    files: [below('src/*/', depth)],
    ignores: ['src/platform/**', 'src/config/**', 'src/schedule/**', 'src/schedule-engine/**', 'src/schedule-solver/**'],
    rules: rule([otherAreasFiles(depth + 1)]),
  })),
  // The platform and the configuration.
  ...depths.map((depth) => ({ files: [below('src/platform/*/', depth)], rules: rule([platformPattern(depth + 2)]) })),
  { files: ['src/config/*.ts'], rules: rule([platformPattern(1)]) },
  // The schedule: its pure engine, its core, its features, and the module that assembles them.
  { files: ['src/schedule-engine/**/*.ts'], rules: rule(ENGINE_PATTERNS) },
  ...depths.map((depth) => ({ files: [below('src/schedule-solver/', depth)], rules: rule(SOLVER_PATTERNS(depth)) })),
  { files: ['src/schedule/*.ts'], rules: rule([otherAreasFiles(1)]) },
  { files: ['src/schedule/core/*.ts'], rules: rule([CORE_PATTERN, otherAreasFiles(2)]) },
  ...depths.map((depth) => ({
    files: [below('src/schedule/*/', depth)],
    ignores: ['src/schedule/core/**'],
    rules: rule([scheduleFeaturePattern(depth), otherAreasFiles(depth + 2)]),
  })),
  // The web client: sections, the shared ground, the API client.
  ...depths.map((depth) => ({
    files: WEB_FILES('web/src/*/', depth),
    ignores: ['web/src/shared/**', 'web/src/api/**', 'web/src/pages/**'],
    rules: rule(webSectionPatterns(depth + 1)),
  })),
  ...depths.map((depth) => ({ files: WEB_FILES('web/src/shared/', depth), rules: rule([webSharedPattern(depth + 1)]) })),
  {
    files: ['web/src/api/**/*.ts'],
    ignores: ['web/src/api/generated/**'],
    rules: rule([{ regex: '^\\.\\./', message: 'The API client imports nothing of the web client.' }]),
  },
];
