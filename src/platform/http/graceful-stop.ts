import { INestApplication } from '@nestjs/common';
import { Response } from 'express';
import { Server } from 'node:http';

/**
 * Stopping without resetting a keep-alive connection. Once `drain` starts, every response (those
 * already running included) carries `Connection: close`, so a client never sends another request on a
 * connection the server is about to close; the server stops accepting connections, and `drain`
 * resolves once the running requests are answered (or after `timeoutMs`). Only then may the
 * application close its pools. The request edge reports each response's start and close.
 */
export class RunningRequests {
  private readonly running = new Set<Response>();
  private draining = false;
  private idle: (() => void) | undefined;

  started(response: Response): void {
    this.running.add(response);
    if (this.draining) response.setHeader('Connection', 'close');
  }

  closed(response: Response): void {
    this.running.delete(response);
    if (this.running.size === 0) this.idle?.();
  }

  async drain(server: Server, timeoutMs: number): Promise<void> {
    this.draining = true;
    for (const response of this.running) if (!response.headersSent) response.setHeader('Connection', 'close');
    // Stops accepting; Node also closes the connections that have no request running.
    server.close();
    if (this.running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((done) => {
      this.idle = done;
      timer = setTimeout(done, timeoutMs);
    });
    clearTimeout(timer);
  }
}

const runningOfApp = new WeakMap<INestApplication, RunningRequests>();

/** Called by the request edge: the running requests of `app`, for `gracefulStop`. */
export function trackRunningRequests(app: INestApplication): RunningRequests {
  const running = new RunningRequests();
  runningOfApp.set(app, running);
  return running;
}

/** The stop of an application built by `createApp`: `drain` waits for its running requests. */
export function gracefulStop(app: INestApplication): { drain: (timeoutMs: number) => Promise<void> } {
  const running = runningOfApp.get(app);
  if (!running) throw new Error('gracefulStop needs an application built by createApp');
  return { drain: (timeoutMs) => running.drain(app.getHttpServer() as Server, timeoutMs) };
}
