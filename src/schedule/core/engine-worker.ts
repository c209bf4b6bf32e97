import { parentPort } from 'node:worker_threads';
import { ENGINE_TASKS, EngineTaskName } from './engine-tasks';
import type { EngineReply, EngineRequest } from './engine-thread';

/**
 * The engine thread: runs one task after another and answers each by its id. It keeps the process's
 * priority, unlike the solver's search: its tasks run inside transactions (publication's validation
 * holds the semester's lock), and at the lowest priority a machine loaded by other work gives a
 * thread almost no time (nice 19 weighs 15 against 1,024), past the transaction's idle timeout.
 */

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
