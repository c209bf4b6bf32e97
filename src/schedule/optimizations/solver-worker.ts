import { setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { solve } from '../../schedule-solver';
import { SOLVER_THREAD_NICE, type SolverWorkerInput, type SolverWorkerMessage } from './solver-thread';

/**
 * The solver's own thread: the request loop of the instance never runs the search. It reports
 * progress as messages and stops when the parent sets the shared stop flag, answering the best found.
 *
 * On Linux a nice value belongs to a thread, so lowering it here lowers only the search: on a machine
 * with few cores the search takes what the service's requests leave instead of sharing a core with
 * them evenly (measured in docs/performance.md). Where the system refuses, the search runs as before.
 */
try {
  setPriority(SOLVER_THREAD_NICE);
} catch {
  // not permitted here: the search keeps the process's priority
}

const input = workerData as SolverWorkerInput;
const stop = new Int32Array(input.stop);
const post = (message: SolverWorkerMessage) => parentPort?.postMessage(message);

const result = solve(input.problem, {
  ...input.options,
  now: () => performance.now(),
  progressEveryMs: input.progressEveryMs,
  onProgress: (progress) => post({ type: 'progress', progress }),
  shouldStop: () => Atomics.load(stop, 0) !== 0,
});
post({ type: 'result', result });
