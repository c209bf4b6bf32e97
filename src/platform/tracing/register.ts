// Imported first by main.ts: tracing (when configured) must patch http, express and pg before any
// other module requires them.
import { startTracing, Tracing } from './start-tracing';

export const tracing: Tracing | undefined = startTracing();
