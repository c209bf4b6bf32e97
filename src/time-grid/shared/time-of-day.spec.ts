import { durationMinutes, normalizeTimeOfDay, shortTime } from './time-of-day';

describe('time of day', () => {
  it('accepts HH:MM and HH:MM:SS and answers HH:MM:SS', () => {
    expect(normalizeTimeOfDay('08:30')).toBe('08:30:00');
    expect(normalizeTimeOfDay('23:59:59')).toBe('23:59:59');
    expect(normalizeTimeOfDay('00:00')).toBe('00:00:00');
  });

  it.each(['8:30', '24:00', '12:60', '12:00:60', '12:00:00.5', ' 12:00', '1200', '', 'noon'])('refuses %p', (value) => {
    expect(normalizeTimeOfDay(value)).toBeUndefined();
  });

  it('refuses non-strings', () => {
    expect(normalizeTimeOfDay(830)).toBeUndefined();
    expect(normalizeTimeOfDay(null)).toBeUndefined();
  });

  it('computes whole minutes, rounding partial ones down', () => {
    expect(durationMinutes('08:30:00', '10:00:00')).toBe(90);
    expect(durationMinutes('08:30:00', '08:31:59')).toBe(1);
    expect(durationMinutes('08:30:30', '08:31:00')).toBe(0);
    expect(durationMinutes('10:00:00', '08:30:00')).toBe(-90);
  });

  it('shortens times for messages', () => {
    expect(shortTime('08:30:00')).toBe('08:30');
    expect(shortTime('08:30:15')).toBe('08:30:15');
  });
});
