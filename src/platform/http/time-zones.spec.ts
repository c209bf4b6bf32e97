import { canonicalTimeZone, dateIn, instantIn } from './time-zones';

describe('time zones', () => {
  it('accepts IANA names in their canonical spelling and refuses offsets and unknown names', () => {
    expect(canonicalTimeZone('Asia/Vladivostok')).toBe('Asia/Vladivostok');
    expect(canonicalTimeZone('asia/vladivostok')).toBe('Asia/Vladivostok');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus', '+03:00', 'GMT+3 ', '', 'Europe/Moscow; DROP', 42, null]) expect(canonicalTimeZone(bad)).toBeUndefined();
  });

  it('places a wall-clock time of a zone at its instant, on either side of a clock change', () => {
    expect(instantIn('Asia/Vladivostok', '2026-09-07', '08:30').toISOString()).toBe('2026-09-06T22:30:00.000Z');
    expect(instantIn('Europe/Moscow', '2026-09-07', '08:30:00').toISOString()).toBe('2026-09-07T05:30:00.000Z');
    // Berlin leaves summer time at 03:00 on 25 October 2026.
    expect(instantIn('Europe/Berlin', '2026-10-25', '01:30').toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(instantIn('Europe/Berlin', '2026-10-25', '08:30').toISOString()).toBe('2026-10-25T07:30:00.000Z');
  });

  it('tells the date of an instant on a zone’s walls', () => {
    const sundayEveningInMoscow = new Date('2025-08-31T20:30:00Z');
    expect(dateIn('Europe/Moscow', sundayEveningInMoscow)).toBe('2025-08-31');
    expect(dateIn('Asia/Vladivostok', sundayEveningInMoscow)).toBe('2025-09-01');
  });
});
