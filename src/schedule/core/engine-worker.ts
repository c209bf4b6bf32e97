import { parentPort } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../platform/concurrency/background-thread';
import { ENGINE_TASKS, EngineTaskName } from './engine-tasks';
import type { EngineReply, EngineRequest } from './engine-thread';

/** The engine thread: runs one task after another, at the lowest priority, and answers each by its id. */
lowerThisThreadPriority();

parentPort?.on('message', (request: EngineRequest) => {
  let reply: EngineReply;
  try {
    const task = ENGINE_TASKS[request.task as EngineTaskName] as (input: unknown) => unknown;
    reply = { id: request.id, ok: true, output: task(request.input) };
  } catch (error) {
    // Only the class and message cross (never shown to a user: the caller logs it as a fault).
    reply = { id: request.id, ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  parentPort?.postMessage(reply);
});
