import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './support/free-port';
import { listeningPort } from './support/service-port';

const ROOT = resolve(__dirname, '..');

/** A login over a keep-alive connection: its status and the server's word on the connection. */
function login(port: number, agent: Agent): Promise<{ status: number; connection?: string }> {
  return new Promise((done, fail) => {
    const body = JSON.stringify({ username: 'admin', password: 'admin12345' });
    const req = request(
      { host: '127.0.0.1', port, agent, path: '/api/auth/login', method: 'POST', headers: { Host: 'localhost', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

/**
 * The real service in embedded mode (its own PostgreSQL in a temporary directory), stopped with a
 * signal while a request is running: CONTRACT and README promise that the running request finishes,
 * the pools close, PostgreSQL stops and the process exits 0.
 */
describe('stopping the service in embedded mode', () => {
  let dir: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'timetable-stop-'));
    chmodSync(dir, 0o755); // initdb runs as the postgres user when the tests run as root
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('on %s lets the running request finish and exits 0', async (signal) => {
    const pgPort = await freePort();
    const started = spawn(process.execPath, ['-r', join(ROOT, 'node_modules/ts-node/register/transpile-only'), join(ROOT, 'src/main.ts')], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'), PORT: '0', EMBEDDED_PG_PORT: String(pgPort), EMBEDDED_PG_DATA_DIR: join(dir, `pg-${signal}`) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => started.on('exit', (code) => done(code)));

    const deadline = Date.now() + 90000;
    while (!output.includes('Listening on port')) {
      if (Date.now() > deadline || started.exitCode !== null) throw new Error(`the service did not start:\n${output}`);
      await new Promise((wait) => setTimeout(wait, 200));
    }

    // A keep-alive connection, already used once, with a request running when the signal arrives (an
    // argon2 check is long enough): the request is answered, and told the connection closes, so the
    // client never sends another request into a connection the server is closing (that was a reset).
    const port = listeningPort(output) as number; // PORT=0: the system's choice, read from the log
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await login(port, agent)).connection).toBe('keep-alive');
    const inFlight = login(port, agent);
    await new Promise((wait) => setTimeout(wait, 15));
    started.kill(signal);
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    agent.destroy();
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/57P01|pool error/i);
  }, 150000);
});
