import { setPriority } from 'node:os';
import { extname, join } from 'node:path';
import type { WorkerOptions } from 'node:worker_threads';

/**
 * Worker threads for CPU-long work (the solver's search, a whole semester's scoring and clash checks):
 * how to start one from compiled code and from the TypeScript sources, and the priority they run at.
 */

/** A background thread's nice value: the lowest, so the request loop and PostgreSQL always run first. */
export const BACKGROUND_THREAD_NICE = 19;

/**
 * Lowers the calling thread's priority. On Linux a nice value belongs to a thread, so called inside a
 * worker it lowers only that worker: on a machine with few cores the work takes what the service's
 * requests leave instead of sharing a core with them evenly (docs/performance.md). Where the system
 * refuses, the thread keeps the process's priority.
 */
export function lowerThisThreadPriority(): void {
  try {
    setPriority(BACKGROUND_THREAD_NICE);
  } catch {
    // not permitted here: the work runs at the process's priority
  }
}

/**
 * The worker script `name` beside the calling module, with the options to run it: compiled, it is the
 * .js file; under ts-node or jest (`callerFile` ends in .ts) the source, through ts-node's register.
 */
export function workerScript(callerFile: string, name: string): { file: string; options: WorkerOptions } {
  const ext = extname(callerFile);
  const file = join(callerFile, '..', `${name}${ext}`);
  return { file, options: ext === '.ts' ? { execArgv: ['--require', 'ts-node/register/transpile-only'] } : {} };
}
