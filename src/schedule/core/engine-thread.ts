import { Inject, Injectable, OnApplicationShutdown, Optional } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../../platform/concurrency/background-thread';
import { ENGINE_TASKS, EngineTaskInput, EngineTaskName, EngineTaskOutput } from './engine-tasks';

export interface EngineRequest {
  id: number;
  task: string;
  input: unknown;
}

export type EngineReply = { id: number; ok: true; output: unknown } | { id: number; ok: false; error: string };

export interface EngineThreadOptions {
  /** Inputs of fewer rules run in place: copying them to the thread would cost more than it saves. */
  minRules: number;
}

export const ENGINE_THREAD_OPTIONS = Symbol('ENGINE_THREAD_OPTIONS');

/**
 * From this many rules a whole-semester computation leaves the request loop. Measured on the large
 * benchmark university (10,080 rules): scoring takes about 2 s and the clash checks about 0.7 s on
 * the loop; a few hundred rules take milliseconds, less than a copy to the thread.
 */
export const DEFAULT_ENGINE_THREAD_MIN_RULES = 500;

const WORKER = workerScript(__filename, 'engine-worker');

/**
 * One worker thread per instance for the engine's whole-semester computations (`engine-tasks.ts`):
 * the solver's scoring of a source and its result, a solved draft's clash checks, version validation.
 * The loop only reads the database and copies plain data over; the thread lays the lessons out and
 * checks them, beside the loop on another core. Started at the first large task, it does not keep the process
 * alive, and a thread that dies fails its pending tasks and is started again by the next one.
 */
@Injectable()
export class EngineThread implements OnApplicationShutdown {
  private readonly minRules: number;
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (output: unknown) => void; reject: (error: Error) => void }>();

  constructor(@Optional() @Inject(ENGINE_THREAD_OPTIONS) options?: EngineThreadOptions) {
    this.minRules = options?.minRules ?? DEFAULT_ENGINE_THREAD_MIN_RULES;
  }

  run<K extends EngineTaskName>(task: K, input: EngineTaskInput<K>): Promise<EngineTaskOutput<K>> {
    if (input.inputs.rules.length < this.minRules) {
      return new Promise((resolve) => resolve((ENGINE_TASKS[task] as (input: EngineTaskInput<K>) => EngineTaskOutput<K>)(input)));
    }
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<EngineTaskOutput<K>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (output: unknown) => void, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, task, input } satisfies EngineRequest);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the engine thread was stopped with the application'));
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER.file, WORKER.options);
    worker.unref();
    worker.on('message', (reply: EngineReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) waiting.resolve(reply.output);
      else waiting.reject(new Error(`engine task failed in its thread (${reply.error})`));
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the engine thread ended (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(error);
  }
}
