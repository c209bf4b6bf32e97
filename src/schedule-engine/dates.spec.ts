import { addDays, daysBetween, formatDate, isoDayOfWeek } from './dates';

describe('calendar dates', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-09-01', '2027-06-30')).toBe(302);
    expect(daysBetween('2026-09-02', '2026-09-01')).toBe(-1);
  });

  it('numbers weekdays from Monday 1 to Sunday 7', () => {
    expect(isoDayOfWeek('2026-11-23')).toBe(1);
    expect(isoDayOfWeek('2026-11-22')).toBe(7);
  });

  it('agrees with Date on every day from 1899 to 2101 and on far years', () => {
    const viaDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const weekdayViaDate = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
    const disagreements: string[] = [];
    let date = '1899-01-01';
    for (let day = 0; day < 74_000; day++) {
      const next = viaDate(date, 1);
      if (addDays(date, 1) !== next || isoDayOfWeek(date) !== weekdayViaDate(date)) disagreements.push(date);
      date = next;
    }
    expect(disagreements).toEqual([]);
    expect(addDays('2026-09-01', 3_000_000)).toBe(viaDate('2026-09-01', 3_000_000)); // beyond 9999, written as Date writes it
    expect(addDays('1000-03-01', -365)).toBe('0999-03-01');
    expect(daysBetween('1899-01-01', date)).toBe(74_000);
  });

  it('treats anything but YYYY-MM-DD as no date', () => {
    for (const text of ['2026-9-01', '2026-09-1', '2026/09/01', '2026-0a-01', '2026-09-01T00:00', '']) {
      expect(isoDayOfWeek(text)).toBeNaN();
      expect(daysBetween(text, '2026-09-01')).toBeNaN();
      expect(() => addDays(text, 1)).toThrow(RangeError);
    }
  });

  it('writes dates the Russian way', () => {
    expect(formatDate('2026-09-08')).toBe('08.09.2026');
  });
});
