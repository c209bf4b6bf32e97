import { LoginThrottleConfig } from '../../config/app-config';

/** Failed-login state of one tenant + normalized username + IP; times are epoch milliseconds. */
export interface ThrottleState {
  failures: number;
  /** How many blocks this counter has already imposed; the next one lasts twice as long. */
  blockLevel: number;
  blockedUntil: number | null;
  lastFailureAt: number;
}

/** Whole seconds left in the block (rounded up), or 0 when not blocked. */
export function remainingBlockSeconds(state: ThrottleState | undefined, now: number): number {
  if (!state?.blockedUntil || state.blockedUntil <= now) return 0;
  return Math.ceil((state.blockedUntil - now) / 1000);
}

/** The state a counter has at `now`, or undefined once it expired after its last failure. */
export function liveState(state: ThrottleState | undefined, now: number, config: LoginThrottleConfig): ThrottleState | undefined {
  if (!state) return undefined;
  if (remainingBlockSeconds(state, now) > 0) return state;
  return now - state.lastFailureAt > config.failureWindowSeconds * 1000 ? undefined : state;
}

/**
 * The state after one more failure. The `maxFailures`-th failure blocks for `firstBlockSeconds`;
 * a failure after a block has ended blocks again at once for twice as long, up to `maxBlockSeconds`.
 */
export function registerFailure(previous: ThrottleState | undefined, now: number, config: LoginThrottleConfig): ThrottleState {
  const state = liveState(previous, now, config);
  const failures = (state?.failures ?? 0) + 1;
  const blockLevel = state?.blockLevel ?? 0;
  let blockSeconds = 0;
  if (blockLevel > 0) blockSeconds = config.firstBlockSeconds * 2 ** blockLevel;
  else if (failures >= config.maxFailures) blockSeconds = config.firstBlockSeconds;

  if (blockSeconds === 0) return { failures, blockLevel, blockedUntil: null, lastFailureAt: now };
  return {
    failures,
    blockLevel: blockLevel + 1,
    blockedUntil: now + Math.min(blockSeconds, config.maxBlockSeconds) * 1000,
    lastFailureAt: now,
  };
}
