import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/free-port';
import { ServiceProcess, startService } from './support/service-process';

/** Runs the built service until it exits (killed after 90 s): its exit code and output. */
async function run(cwd: string, env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const started = start(cwd, env);
  const timer = setTimeout(() => started.child.kill('SIGKILL'), 90000);
  const status = await started.exited;
  clearTimeout(timer);
  return { status, output: started.output() };
}

/** The built service in embedded mode, text logs, in `cwd`. */
function start(cwd: string, env: Record<string, string>): ServiceProcess {
  return startService(cwd, { LOG_FORMAT: 'text', ...env });
}

/** The one error line start-up ended with. */
function failureLine(output: string): string {
  const lines = output.split('\n').filter((line) => / ERROR /.test(line));
  expect(lines).toHaveLength(1);
  expect(output).not.toMatch(/unknown error|Start-up failed: Error|\n\s+at /);
  return lines[0];
}

/**
 * Embedded mode failing to start: each cause is named in one clear line, with what to do, and the
 * process exits non-zero (it used to say "Start-up failed: unknown error" or "Start-up failed: Error").
 */
describe('embedded start-up failures', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'timetable-embedded-'));
    chmodSync(dir, 0o755); // initdb runs as the postgres user when the tests run as root
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names a busy EMBEDDED_PG_PORT', async () => {
    const pgPort = await freePort();
    const holder: Server = await new Promise((done) => {
      const server = createServer().listen(pgPort, '127.0.0.1', () => done(server));
    });
    try {
      const result = await run(dir, { PORT: String(await freePort()), EMBEDDED_PG_PORT: String(pgPort), EMBEDDED_PG_DATA_DIR: join(dir, 'busy-port') });
      expect(result.status).toBe(1);
      expect(failureLine(result.output)).toContain(`EMBEDDED_PG_PORT ${pgPort} is already in use`);
    } finally {
      holder.close();
    }
  }, 120000);

  it('names a data directory it cannot write', async () => {
    // A directory of the service's own that PostgreSQL may not enter (root bypasses plain permissions,
    // the postgres user it runs the server as does not), and a path through a file.
    const closed = join(dir, 'closed');
    mkdirSync(closed, { mode: 0o700 });
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const unwritable = process.getuid?.() === 0 ? join(closed, 'pg') : join(file, 'pg');
    for (const dataDir of [unwritable, join(file, 'pg')]) {
      const result = await run(dir, { PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), EMBEDDED_PG_DATA_DIR: dataDir });
      expect(result.status).toBe(1);
      const line = failureLine(result.output);
      expect(line).toContain(`cannot use its data directory ${dataDir}`);
      expect(line).toContain('EMBEDDED_PG_DATA_DIR');
    }
  }, 200000);

  it('names a second instance on the same data directory and leaves the first one serving', async () => {
    const dataDir = join(dir, 'shared');
    // PORT=0: the system's choice, read from the log.
    const first = start(dir, { PORT: '0', EMBEDDED_PG_PORT: String(await freePort()), EMBEDDED_PG_DATA_DIR: dataDir });
    try {
      const port = await first.listening();
      const second = await run(dir, { PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), EMBEDDED_PG_DATA_DIR: dataDir });
      expect(second.status).toBe(1);
      const line = failureLine(second.output);
      expect(line).toContain(`data directory ${dataDir} is already used by another running PostgreSQL`);
      expect(line).toMatch(/PID \d+/);

      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' }, // an IP-literal host: the embedded default tenant
        body: JSON.stringify({ username: 'admin', password: 'admin12345' }),
      });
      expect(login.status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
  }, 200000);
});
