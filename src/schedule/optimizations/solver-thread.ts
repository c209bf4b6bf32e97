import { Worker } from 'node:worker_threads';
import { workerScript } from '../../platform/concurrency/background-thread';
import type { SolveOptions, SolverProblem, SolverProgress, SolverResult } from '../../schedule-solver';

/** What the worker gets: the problem, the limits, and the stop flag it shares with the parent. */
export interface SolverWorkerInput {
  problem: SolverProblem;
  options: Pick<SolveOptions, 'mode' | 'seed' | 'timeLimitMs' | 'stallLimitMs' | 'maxMoved' | 'maxIterations' | 'progressLessonWeights'>;
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

/** Seeds of the threads after the first (which keeps the job's own seed, so one thread searches exactly as before). */
const SEED_STEP = 7919;

/** Which of two results is better: fewer unplaced lessons, then fewer hard violations, then the lower cost. */
function better(a: SolverResult, b: SolverResult): boolean {
  if (a.unplaced.length !== b.unplaced.length) return a.unplaced.length < b.unplaced.length;
  if (a.hardViolations !== b.hardViolations) return a.hardViolations < b.hardViolations;
  return a.cost < b.cost;
}

/**
 * `threads` independent searches of one problem (SOLVER_THREADS, issue 54 §6), each in its own thread
 * and from its own seed; the answer is the best of their results. Progress is the best thread's. One
 * thread that reaches an optimum stops the others (nothing better exists); a stop or a terminate
 * reaches all. The run's stop reason is the optimum's, else that of the thread that ended last.
 */
export function startSolverThreads(
  problem: SolverProblem,
  options: SolverWorkerInput['options'],
  threads: number,
  onProgress: (progress: SolverProgress) => void,
  progressEveryMs = 1000,
): SolverThread {
  if (threads <= 1) return startSolverThread(problem, options, onProgress, progressEveryMs);
  const latest: (SolverProgress | undefined)[] = [];
  const rank = (p: SolverProgress) => [-p.placed, p.hardViolations, p.bestCost];
  const search: SolverThread[] = [];
  for (let k = 0; k < threads; k++) {
    const seed = (options.seed + k * SEED_STEP) % 2147483647;
    search.push(
      startSolverThread(problem, { ...options, seed }, (progress) => {
        latest[k] = progress;
        // The best thread's view, so the screen's figures never jump to a worse search.
        const best = latest.reduce<SolverProgress | undefined>((a, b) => {
          if (!b) return a;
          if (!a) return b;
          const [ra, rb] = [rank(a), rank(b)];
          for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return rb[i] < ra[i] ? b : a;
          return a;
        }, undefined);
        if (best === progress) onProgress(progress);
      }, progressEveryMs),
    );
  }
  const stopAll = () => search.forEach((thread) => thread.stop());
  const result = (async () => {
    let last: SolverResult | undefined;
    const results = await Promise.all(
      search.map((thread) =>
        thread.result.then((answer) => {
          if (answer.stopReason === 'OPTIMUM') stopAll();
          last = answer;
          return answer;
        }),
      ),
    );
    const best = results.reduce((a, b) => (better(b, a) ? b : a));
    const optimum = results.some((answer) => answer.stopReason === 'OPTIMUM');
    return { ...best, stopReason: optimum ? 'OPTIMUM' : (last as SolverResult).stopReason };
  })();
  return {
    result,
    stop: stopAll,
    terminate: async () => {
      await Promise.all(search.map((thread) => thread.terminate()));
    },
  };
}
