import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { solve } from '../../schedule-solver';
import { lowerThisThreadPriority } from '../../platform/concurrency/background-thread';
import type { SolverWorkerInput, SolverWorkerMessage } from './solver-thread';

/**
 * The solver's own thread: the request loop of the instance never runs the search. It reports
 * progress as messages and stops when the parent sets the shared stop flag, answering the best found.
 * The search runs at the lowest priority: it takes the cores the requests leave.
 */
lowerThisThreadPriority();

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
