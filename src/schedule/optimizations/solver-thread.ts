import { Worker } from 'node:worker_threads';
import { workerScript } from '../../platform/concurrency/background-thread';
import type { SolveOptions, SolverProblem, SolverProgress, SolverResult } from '../../schedule-solver';

/** What the worker gets: the problem, the limits, and the stop flag it shares with the parent. */
export interface SolverWorkerInput {
  problem: SolverProblem;
  options: Pick<SolveOptions, 'mode' | 'seed' | 'timeLimitMs' | 'stallLimitMs' | 'maxMoved' | 'maxIterations'>;
  progressEveryMs: number;
  stop: SharedArrayBuffer;
}

export type SolverWorkerMessage = { type: 'progress'; progress: SolverProgress } | { type: 'result'; result: SolverResult };

/** A solver running in its own thread. */
export interface SolverThread {
  result: Promise<SolverResult>;
  /** Asks the search to stop; it answers the best placement found so far. */
  stop(): void;
  /** Ends the thread at once (shutdown): the result promise rejects. */
  terminate(): Promise<void>;
}

const WORKER = workerScript(__filename, 'solver-worker');

export function startSolverThread(
  problem: SolverProblem,
  options: SolverWorkerInput['options'],
  onProgress: (progress: SolverProgress) => void,
  progressEveryMs = 1000,
): SolverThread {
  const stop = new SharedArrayBuffer(4);
  const input: SolverWorkerInput = { problem, options, progressEveryMs, stop };
  const worker = new Worker(WORKER.file, { ...WORKER.options, workerData: input });
  const result = new Promise<SolverResult>((resolve, reject) => {
    let answered = false;
    worker.on('message', (message: SolverWorkerMessage) => {
      if (message.type === 'progress') onProgress(message.progress);
      else {
        answered = true;
        resolve(message.result);
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (!answered) reject(new Error(`the solver thread ended (exit code ${code}) without a result`));
    });
  });
  return {
    result,
    stop: () => Atomics.store(new Int32Array(stop), 0, 1),
    terminate: async () => {
      await worker.terminate();
    },
  };
}
