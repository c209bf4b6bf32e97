import { createsGap, replacementScore } from './replacement-ranking';

describe('replacement ranking', () => {
  it('puts the same department first, then no new gap, then fewer substitutions', () => {
    const sameWithGap = replacementScore({ sameDepartment: true, createsGap: true, substitutionCount: 0 });
    const otherNoGap = replacementScore({ sameDepartment: false, createsGap: false, substitutionCount: 0 });
    const sameNoGapBusy = replacementScore({ sameDepartment: true, createsGap: false, substitutionCount: 3 });
    const sameNoGap = replacementScore({ sameDepartment: true, createsGap: false, substitutionCount: 0 });
    expect([sameWithGap, otherNoGap, sameNoGapBusy, sameNoGap].sort((a, b) => b - a)).toEqual([sameNoGap, sameNoGapBusy, sameWithGap, otherNoGap]);
  });

  it('sees a gap only when the day has lessons and none next to the new one', () => {
    expect(createsGap(3, [])).toBe(false);
    expect(createsGap(3, [2])).toBe(false);
    expect(createsGap(3, [4, 6])).toBe(false);
    expect(createsGap(3, [1])).toBe(true);
    expect(createsGap(1, [3, 4])).toBe(true);
  });
});
