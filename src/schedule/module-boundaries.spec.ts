import { ESLint } from 'eslint';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const boundaries = require('../../eslint.boundaries.cjs') as ESLint.Options['overrideConfig'][];

/** The boundary rules of `eslint.config.mjs`, run alone on snippets placed at a path of the project. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: join(__dirname, '..', '..'),
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...(boundaries as object[])],
  });
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.message);
}

describe('schedule module boundaries (lint)', () => {
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

  it('keeps the core independent of the features and other areas out of schedule internals', async () => {
    expect(await problems('src/schedule/core/probe.ts', `import { a } from '../rules/rule-checker';\n`)).toHaveLength(1);
    expect(await problems('src/users/probe.ts', `import { a } from '../schedule/overrides/overrides.repository';\n`)).toHaveLength(1);
    expect(await problems('src/users/probe.ts', `import { a } from '../schedule/core';\n`)).toEqual([]);
  });
});
