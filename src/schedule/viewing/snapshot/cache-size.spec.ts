import { TimetableCache } from './cache-size';

describe('TimetableCache', () => {
  const lessons = [
    { date: '2026-09-07', id: 1 },
    { date: '2026-09-08', id: 2 },
    { date: '2026-09-15', id: 3 },
  ];
  const jsonOf = (lesson: { id: number }) => Buffer.from(JSON.stringify(lesson));

  it('counts each timetable by its references and then by every week of JSON it keeps', () => {
    const cache = new TimetableCache<(typeof lessons)[number]>();
    const timetable = cache.add('group:1@1', lessons);
    expect(cache.bytes).toBe(3 * 8);
    const week = timetable.json('2026-09-07', '2026-09-13', jsonOf, true);
    expect(cache.bytes).toBeGreaterThan(3 * 8 + week.length);
    expect(cache.bytes).toBe(timetable.bytes);
    timetable.json('2026-09-07', '2026-09-13', jsonOf, true); // kept already: nothing more
    expect(cache.bytes).toBe(timetable.bytes);
  });

  it('stops counting a timetable that was replaced or cleared, though a request may still fill it', () => {
    const cache = new TimetableCache<(typeof lessons)[number]>();
    const old = cache.add('group:1@1', lessons);
    const replacement = cache.add('group:1@1', lessons.slice(0, 2));
    old.json('2026-09-07', '2026-09-20', jsonOf, true);
    expect(cache.bytes).toBe(replacement.bytes);
    cache.clear();
    replacement.json('2026-09-07', '2026-09-13', jsonOf, true);
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });
});
