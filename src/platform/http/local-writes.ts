import { Global, Injectable, Module } from '@nestjs/common';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request of this method may change data (any but GET, HEAD and OPTIONS). */
export function mayWrite(method: string | undefined): boolean {
  return method === undefined || !SAFE_METHODS.has(method);
}

/**
 * Which writes this instance is serving: every request that may change data (any method but GET,
 * HEAD, OPTIONS) counts from its start until its response is over. `epoch` moves at both ends, so a
 * stamp read before or during a write is never trusted after it: whoever made a change sees it on
 * their next request, whatever the staleness bound (the schedule views' trusted data stamp). Counted
 * by the request edge, which already listens for every response's end.
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

/** One LocalWrites per application, for the request edge and whoever trusts a stamp. */
@Global()
@Module({ providers: [LocalWrites], exports: [LocalWrites] })
export class LocalWritesModule {}
