import { ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { freePort } from '../free-port';
import { send, Target } from './load';

/**
 * The baseline of issue 29: a bare Express 5 app (the one @nestjs/platform-express brings) in its own
 * process on a loopback port, answering every GET with a tiny JSON. Measured with the same load
 * generator as the service, it shows what the framework, guards and the work itself cost on top of
 * plain Node HTTP on this machine, in this run.
 */
export const BARE_EXPRESS_NAME = 'bare Express 5, tiny JSON (baseline)';

/** Starts the baseline (this file run as a script) and waits until it answers. */
export async function startBareExpress(): Promise<{ target: Target; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [__filename, String(port)], { stdio: 'ignore' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const target = { port, host: '127.0.0.1' };
  const deadline = performance.now() + 20_000;
  while (performance.now() < deadline && child.exitCode === null) {
    const answer = await send(target, { method: 'GET', path: '/ping' }).catch(() => undefined);
    if (answer?.status === 200) return { target, stop };
    await new Promise((wait) => setTimeout(wait, 100));
  }
  await stop();
  throw new Error('the bare Express baseline did not start');
}

if (require.main === module) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express = require('express') as () => {
    get(path: RegExp, handler: (req: unknown, res: { json(body: unknown): void }) => void): void;
    listen(port: number, host: string): unknown;
  };
  const app = express();
  app.get(/.*/, (_req, res) => res.json({ ok: true, service: 'baseline' }));
  app.listen(Number(process.argv[2]), '127.0.0.1');
}
