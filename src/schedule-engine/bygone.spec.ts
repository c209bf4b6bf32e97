import { hasBegun, offerable, offerableDate } from './bygone';

describe('what has already happened by the wall clock', () => {
  const now = { date: '2026-11-25', time: '10:15' }; // a Wednesday

  it('counts a pair as begun from its first minute, and every earlier day', () => {
    expect(hasBegun('2026-11-25', '10:15:00', now)).toBe(true);
    expect(hasBegun('2026-11-25', '08:30', now)).toBe(true);
    expect(hasBegun('2026-11-24', '18:00', now)).toBe(true);
    expect(hasBegun('2026-11-25', '10:16', now)).toBe(false);
    expect(hasBegun('2026-11-26', '08:30', now)).toBe(false);
  });

  it('never offers a Sunday, a past day or a pair that has begun', () => {
    expect(offerable('2026-11-29', '10:00', now)).toBe(false); // Sunday
    expect(offerable('2026-11-25', '10:00', now)).toBe(false);
    expect(offerable('2026-11-25', '12:00', now)).toBe(true);
    expect(offerable('2026-11-28', '08:30', now)).toBe(true); // Saturday
    expect(offerableDate('2026-11-25', now)).toBe(true);
    expect(offerableDate('2026-11-24', now)).toBe(false);
    expect(offerableDate('2026-11-29', now)).toBe(false);
  });
});
