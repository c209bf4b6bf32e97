import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Which writes this instance is serving: every request that may change data (any method but GET,
 * HEAD, OPTIONS) counts from its start until its response is over. `epoch` moves at both ends, so a
 * stamp read before or during a write is never trusted after it: whoever made a change sees it on
 * their next request, whatever the staleness bound.
 */
@Injectable()
export class LocalWrites {
  private inFlight = 0;
  private epochValue = 0;

  get epoch(): number {
    return this.epochValue;
  }

  /** Whether no write is being served right now. */
  get quiet(): boolean {
    return this.inFlight === 0;
  }

  begin(): void {
    this.inFlight++;
    this.epochValue++;
  }

  end(): void {
    this.inFlight--;
    this.epochValue++;
  }
}

/** Counts every possibly-writing /api request in LocalWrites, from arrival until its response closes. */
@Injectable()
export class LocalWritesMiddleware implements NestMiddleware {
  constructor(private readonly writes: LocalWrites) {}

  use(req: Request, res: Response, next: NextFunction): void {
    if (!SAFE_METHODS.has(req.method)) {
      this.writes.begin();
      res.once('close', () => this.writes.end());
    }
    next();
  }
}
