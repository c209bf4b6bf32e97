import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { newestFile } from '../../scripts/build-web';
import { listeningPort } from './service-port';

const ROOT = resolve(__dirname, '..', '..');
/** The service as `npm run build` leaves it and `npm run start:prod` runs it. */
export const SERVICE_MAIN = join(ROOT, 'dist', 'src', 'main.js');
/** The solver worker as `npm run worker` runs it (issue 54 §6). */
export const SERVICE_WORKER = join(ROOT, 'dist', 'src', 'worker.js');

/**
 * Whether the built service is older than a source it is compiled from. Process-level tests start
 * the built service, as a user does; the global setup builds it once for the run when this says so
 * (each start through ts-node used to transpile the whole service again: 13 s against 6 s here).
 */
export function serviceBuildIsStale(): boolean {
  if (!existsSync(SERVICE_MAIN)) return true;
  const built = statSync(SERVICE_MAIN).mtimeMs;
  const sources = Math.max(newestFile(join(ROOT, 'src')), newestFile(join(ROOT, 'migrations')), statSync(join(ROOT, 'tsconfig.json')).mtimeMs);
  return sources > built;
}

/** Compiles the service into `dist/` (tsc without emptying `dist/`, so the built web client stays). */
export function buildService(): void {
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.build.json')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** Only what the service needs from the test's environment: the rest is each test's own choice. */
function serviceEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', ...env };
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr in arrival order. */
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once the output matches `pattern`; rejects if the process exits first or after `timeoutMs`. */
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<void>;
  /** Waits for «Listening on port N» and answers N (tests start with PORT=0, the system's choice). */
  listening(timeoutMs?: number): Promise<number>;
}

/** Starts the built service (or `script`, e.g. the worker) in `cwd` with exactly `env` (plus PATH). */
export function startService(cwd: string, env: Record<string, string>, script = SERVICE_MAIN): ServiceProcess {
  const child = spawn(process.execPath, [script], { cwd, env: serviceEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));

  const waitFor = (pattern: RegExp | string, timeoutMs = 90000) =>
    new Promise<void>((done, fail) => {
      const matches = () => (typeof pattern === 'string' ? output.includes(pattern) : pattern.test(output));
      if (matches()) return done();
      const finish = (error?: Error) => {
        listeners.delete(check);
        clearTimeout(timer);
        if (error) fail(error);
        else done();
      };
      const check = () => matches() && finish();
      const timer = setTimeout(() => finish(new Error(`no ${String(pattern)} within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      listeners.add(check);
      void exited.then((code) => listeners.has(check) && finish(new Error(`the service exited (${code}) before ${String(pattern)}:\n${output}`)));
    });
  const listening = async (timeoutMs?: number) => {
    await waitFor(/Listening on port \d+/, timeoutMs);
    return listeningPort(output) as number;
  };
  return { child, output: () => output, exited, waitFor, listening };
}

/** Runs the built service until it exits (killed after `timeoutMs`): its exit code and output. */
export function runService(cwd: string, env: Record<string, string>, timeoutMs = 60000): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [SERVICE_MAIN], { cwd, env: serviceEnv(env), encoding: 'utf8', timeout: timeoutMs });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
