import { ESLint } from 'eslint';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const boundaries = require('../eslint.boundaries.cjs') as ESLint.Options['overrideConfig'][];

/** The boundary rules of `eslint.config.mjs`, run alone on snippets placed at a path of the project. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: join(__dirname, '..'),
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } },
      ...(boundaries as object[]),
    ],
  });
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.message);
}

describe('module boundaries (lint)', () => {
  it('refuses a schedule feature importing another feature or a core file, and accepts the core and the engine', async () => {
    expect(await problems('src/schedule/rules/probe.ts', `import { x } from '../overrides/overrides.repository';\n`)).toEqual([
      expect.stringContaining('A schedule feature imports only the schedule core'),
    ]);
    expect(await problems('src/schedule/viewing/pipeline/probe.ts', `import { x } from '../../core/clash-guard';\n`)).toHaveLength(1);
    expect(
      await problems(
        'src/schedule/viewing/pipeline/probe.ts',
        `import { a } from '../../core';\nimport { b } from '../snapshot/lru-map';\nimport { c } from '../../../schedule-engine/dates';\nimport { d } from '../../../platform/http/app-error';\n`,
      ),
    ).toEqual([]);
  });

  it('keeps the engine free of framework, database and platform code', async () => {
    expect(await problems('src/schedule-engine/probe.ts', `import { a } from '../platform/http/dates';\nimport { b } from 'typeorm';\nimport { c } from './weeks';\n`)).toHaveLength(2);
  });

  it('keeps the solver pure, its benchmark folder inside it, and lets features import it', async () => {
    expect(await problems('src/schedule-solver/probe.ts', `import { a } from '../schedule-engine/weeks';\nimport { b } from 'node:fs';\nimport { c } from './state';\n`)).toHaveLength(2);
    expect(await problems('src/schedule-solver/itc2007/probe.ts', `import { a } from '../../platform/http/app-error';\nimport { b } from '../problem';\n`)).toHaveLength(1);
    expect(await problems('src/schedule/optimizations/probe.ts', `import { a } from '../../schedule-solver';\nimport { b } from '../../schedule-solver/problem';\n`)).toEqual([]);
  });

  it('keeps the core independent of the features and other areas out of schedule internals', async () => {
    expect(await problems('src/schedule/core/probe.ts', `import { a } from '../rules/rule-checker';\n`)).toHaveLength(1);
    expect(await problems('src/users/probe.ts', `import { a } from '../schedule/overrides/overrides.repository';\n`)).toHaveLength(1);
    expect(await problems('src/users/probe.ts', `import { a } from '../schedule/core';\n`)).toEqual([]);
  });

  it('lets a feature use another only through its index, and libraries file by file', async () => {
    expect(await problems('src/teacher-requests/probe.ts', `import { a } from '../users/users.repository';\n`)).toEqual([
      expect.stringContaining('only through its index.ts'),
    ]);
    expect(await problems('src/study-structure/groups/probe.ts', `import { a } from '../../departments/departments.repository';\n`)).toHaveLength(1);
    expect(await problems('src/resources/subjects/dto/probe.ts', `import { a } from '../../../users/dto/user.dto';\n`)).toHaveLength(1);
    expect(await problems('src/schedule/rules/probe.ts', `import { a } from '../../users/users.repository';\n`)).toHaveLength(1);
    expect(await problems('src/app-probe.ts', `import { a } from './users/users.module';\n`)).toHaveLength(1);
    expect(
      await problems(
        'src/study-structure/groups/probe.ts',
        `import { a } from '../../departments';\nimport { b } from '../shared/names';\nimport { c } from '../../platform/http/app-error';\nimport { d } from '../../schedule-engine/dates';\nimport { e } from '../../config/app-config';\nimport { f } from '../../../migrations';\n`,
      ),
    ).toEqual([]);
  });

  it('keeps the platform and the configuration free of features (a port instead)', async () => {
    expect(await problems('src/platform/auth/probe.ts', `import { a } from '../../users';\n`)).toEqual([expect.stringContaining('declare a port')]);
    expect(await problems('src/platform/auth/probe.ts', `import { a } from '../../users/user-accounts';\n`)).toHaveLength(1);
    expect(await problems('src/config/probe.ts', `import { a } from '../workload';\n`)).toHaveLength(1);
    expect(await problems('src/platform/auth/probe.ts', `import { a } from '../http/app-error';\nimport { b } from '../../config/app-config';\n`)).toEqual([]);
  });

  describe('the web client (web/src)', () => {
    it('lets a section use another only through its index, and never the registry', async () => {
      expect(await problems('web/src/teacher/probe.tsx', `import { a } from '../teacher-change-requests/request-form';\n`)).toEqual([
        expect.stringContaining('A web section uses another only through its index.ts'),
      ]);
      expect(await problems('web/src/reference-data/entities/probe.ts', `import { a } from '../../users/departments';\n`)).toHaveLength(1);
      expect(await problems('web/src/users/probe.tsx', `import { SECTIONS } from '../sections';\n`)).toEqual([expect.stringContaining('never imports the registry')]);
      expect(
        await problems(
          'web/src/reference-data/entities/probe.ts',
          `import { a } from '../../users';\nimport { b } from '../../shared/form';\nimport { c } from '../../api/client';\nimport { d } from '../entity-desk';\n`,
        ),
      ).toEqual([]);
    });

    it('keeps shared/ at the ground: no section and no registry', async () => {
      expect(await problems('web/src/shared/probe.tsx', `import { a } from '../users';\n`)).toEqual([expect.stringContaining('imports no section')]);
      expect(await problems('web/src/shared/probe.tsx', `import { SECTIONS } from '../sections';\n`)).toHaveLength(1);
      expect(await problems('web/src/shared/probe.tsx', `import { a } from '../schedule-view/schedule-lookup';\n`)).toHaveLength(1);
      expect(await problems('web/src/shared/probe.tsx', `import { api } from '../api/client';\nimport { b } from './ui';\n`)).toEqual([]);
    });

    it('keeps the API client free of the rest of the client', async () => {
      expect(await problems('web/src/api/probe.ts', `import { a } from '../shared/ui';\n`)).toEqual([expect.stringContaining('imports nothing of the web client')]);
    });
  });
});
