import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runService } from './support/service-process';

/** Runs the built service in `cwd` until it exits: its exit code and output. */
function start(cwd: string, env: Record<string, string> = {}): { status: number | null; output: string } {
  return runService(cwd, env);
}

describe('start-up configuration', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'timetable-env-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads .env from the working directory, and a variable of the environment wins over it', () => {
    writeFileSync(join(dir, '.env'), 'PORT=not-a-port\nLOGIN_MAX_FAILURES=many\n');
    const fromFile = start(dir);
    expect(fromFile.status).toBe(1);
    expect(fromFile.output).toContain('PORT must be an integer');
    expect(fromFile.output).toContain('LOGIN_MAX_FAILURES');

    // PORT from the environment replaces the file's bad value; the file's other bad value still counts.
    const overridden = start(dir, { PORT: '8089' });
    expect(overridden.status).toBe(1);
    expect(overridden.output).not.toContain('PORT must be');
    expect(overridden.output).toContain('LOGIN_MAX_FAILURES');
  });

});
