import { LoginThrottleConfig } from '../../config/app-config';
import { registerFailure, remainingBlockSeconds, ThrottleState } from './login-throttle';

const config: LoginThrottleConfig = { maxFailures: 5, firstBlockSeconds: 60, maxBlockSeconds: 900, failureWindowSeconds: 900, addressMaxUsernames: 100, trustedNetworks: [] };
const SECOND = 1000;

function failTimes(count: number, start: number, state?: ThrottleState): ThrottleState {
  let current = state;
  for (let i = 0; i < count; i++) current = registerFailure(current, start + i, config);
  return current as ThrottleState;
}

describe('login throttle', () => {
  it('does not block before the fifth failure', () => {
    const state = failTimes(4, 0);
    expect(state.failures).toBe(4);
    expect(remainingBlockSeconds(state, 10)).toBe(0);
  });

  it('blocks for 60 s at the fifth failure and reports whole seconds rounded up', () => {
    const state = failTimes(5, 0);
    expect(remainingBlockSeconds(state, 4)).toBe(60);
    expect(remainingBlockSeconds(state, 4 + 59.5 * SECOND)).toBe(1);
    expect(remainingBlockSeconds(state, 4 + 60 * SECOND)).toBe(0);
  });

  it('doubles the block for each failure after a block ended, up to 15 minutes', () => {
    const longWindow = { ...config, failureWindowSeconds: 3600 };
    let state = failTimes(5, 0);
    const blocks: number[] = [];
    for (let i = 0; i < 5; i++) {
      const now = (state.blockedUntil as number) + SECOND;
      state = registerFailure(state, now, longWindow);
      blocks.push(remainingBlockSeconds(state, now));
    }
    expect(blocks).toEqual([120, 240, 480, 900, 900]);
  });

  it('forgets a counter 15 minutes after its last failure', () => {
    const state = failTimes(4, 0);
    const later = registerFailure(state, 3 + 15 * 60 * SECOND + 1, config);
    expect(later.failures).toBe(1);
    const sooner = registerFailure(state, 3 + 15 * 60 * SECOND, config);
    expect(sooner.failures).toBe(5);
    expect(remainingBlockSeconds(sooner, 3 + 15 * 60 * SECOND)).toBe(60);
  });

  it('starts over after an expired block history', () => {
    const blocked = failTimes(5, 0);
    const muchLater = (blocked.blockedUntil as number) + 16 * 60 * SECOND;
    const state = registerFailure(blocked, muchLater, config);
    expect(state).toEqual({ failures: 1, blockLevel: 0, blockedUntil: null, lastFailureAt: muchLater });
  });
});
