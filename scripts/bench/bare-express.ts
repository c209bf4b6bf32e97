import express from 'express';
import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { serverOfExpressClasses } from '../../src/platform/http/express-adapter';
import { freePort } from '../free-port';
import { send, Target } from './load';

/**
 * The baseline of issue 29: a bare Express 5 app (the one @nestjs/platform-express brings) in its own
 * process on a loopback port, answering every GET with a tiny JSON. Measured with the same load
 * generator as the service, it shows what the framework, guards and the work itself cost on top of
 * plain Node HTTP on this machine, in this run.
 */
export const BARE_EXPRESS_NAME = 'bare Express 5, tiny JSON (baseline)';
/**
 * The same app on a server that makes its requests and responses with Express's prototypes, as the
 * service's is (src/platform/http/express-adapter.ts): shown beside the baseline, not judged, so the
 * ratios say how much of the service's lead over the baseline is that one change.
 */
export const BARE_EXPRESS_CLASSES_NAME = 'bare Express 5, its request classes (not judged)';

/** Starts a baseline (this file run as a script) and waits until it answers. */
export async function startBareExpress(variant: 'as shipped' | 'request classes' = 'as shipped'): Promise<{ target: Target; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [__filename, String(port), variant], { stdio: 'ignore' });
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
  const app = express();
  app.get(/.*/, (_req, res) => res.json({ ok: true, service: 'baseline' }));
  const server = process.argv[3] === 'request classes' ? serverOfExpressClasses(app) : createServer(app);
  if (!server) throw new Error("this Node's request constructors cannot take Express's prototypes");
  server.listen(Number(process.argv[2]), '127.0.0.1');
}
