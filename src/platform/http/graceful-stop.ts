import { INestApplication } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { Server } from 'node:http';

/**
 * Stopping without resetting a keep-alive connection. Once `drain` starts, every response (those
 * already running included) carries `Connection: close`, so a client never sends another request on a
 * connection the server is about to close; the server stops accepting connections, and `drain`
 * resolves once the running requests are answered (or after `timeoutMs`). Only then may the
 * application close its pools.
 */
export function gracefulStop(app: INestApplication): { drain: (timeoutMs: number) => Promise<void> } {
  const running = new Set<Response>();
  let draining = false;
  let idle: (() => void) | undefined;

  app.use((_request: Request, response: Response, next: NextFunction) => {
    running.add(response);
    if (draining) response.setHeader('Connection', 'close');
    response.once('close', () => {
      running.delete(response);
      if (running.size === 0) idle?.();
    });
    next();
  });

  const drain = async (timeoutMs: number) => {
    draining = true;
    for (const response of running) if (!response.headersSent) response.setHeader('Connection', 'close');
    // Stops accepting; Node also closes the connections that have no request running.
    (app.getHttpServer() as Server).close();
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((done) => {
      idle = done;
      timer = setTimeout(done, timeoutMs);
    });
    clearTimeout(timer);
  };
  return { drain };
}
