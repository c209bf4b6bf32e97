import { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/free-port';
import { startService } from './support/service-process';

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
    const service = startService(dir, { PORT: '0', EMBEDDED_PG_PORT: String(pgPort), EMBEDDED_PG_DATA_DIR: join(dir, `pg-${signal}`) });
    const started = service.child;
    child = started;
    const port = await service.listening(); // PORT=0: the system's choice, read from the log

    // A keep-alive connection, already used once, with a request running when the signal arrives (an
    // argon2 check is long enough): the request is answered, and told the connection closes, so the
    // client never sends another request into a connection the server is closing (that was a reset).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await login(port, agent)).connection).toBe('keep-alive');
    const inFlight = login(port, agent);
    await new Promise((wait) => setTimeout(wait, 15));
    started.kill(signal);
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    agent.destroy();
    expect(await service.exited).toBe(0);
    expect(service.output()).not.toMatch(/57P01|pool error/i);
  }, 150000);
});
