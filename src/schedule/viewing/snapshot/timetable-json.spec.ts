import { addDays } from '../../../schedule-engine/dates';
import { Timetable } from './timetable-json';

interface Lesson {
  date: string;
  id: number;
  name?: string;
}

describe('Timetable', () => {
  // Three calendar weeks (Monday 2026-09-07 to Sunday 2026-09-27) with a gap: no lesson in the second
  // week's first days, two on one Sunday, and Cyrillic text (several bytes per character).
  const lessons: Lesson[] = [
    { date: '2026-09-07', id: 1, name: 'Математический анализ' },
    { date: '2026-09-07', id: 2 },
    { date: '2026-09-09', id: 3, name: 'Иванов И. И.' },
    { date: '2026-09-13', id: 4 },
    { date: '2026-09-13', id: 5 },
    { date: '2026-09-17', id: 6 },
    { date: '2026-09-21', id: 7, name: 'Ауд. 101' },
    { date: '2026-09-27', id: 8 },
  ];
  const jsonOf = (lesson: Lesson) => Buffer.from(JSON.stringify(lesson));
  const dates = Array.from({ length: 25 }, (_, day) => addDays('2026-09-05', day));

  /** A timetable of `lessons` that counts the lessons it serialises and the bytes it reports kept. */
  function countingTimetable() {
    const counts = { made: 0, kept: 0 };
    const timetable = new Timetable(lessons, (bytes) => (counts.kept += bytes));
    const counting = (lesson: Lesson) => {
      counts.made++;
      return jsonOf(lesson);
    };
    return { timetable, counting, counts };
  }

  it('answers every date range with the JSON array of exactly the lessons dated within it, in order', () => {
    const timetable = new Timetable(lessons);
    for (const start of dates) {
      for (const end of dates.filter((date) => date >= start)) {
        const answer = timetable.json(start, end, jsonOf, true);
        expect(JSON.parse(answer.toString('utf8'))).toEqual(lessons.filter((lesson) => lesson.date >= start && lesson.date <= end));
      }
    }
  });

  it('answers a whole calendar week with the bytes it keeps, made once', () => {
    const { timetable, counting, counts } = countingTimetable();
    const first = timetable.json('2026-09-07', '2026-09-13', counting, true);
    expect(counts.made).toBe(5);
    expect(counts.kept).toBeGreaterThan(first.length);
    expect(timetable.json('2026-09-07', '2026-09-13', counting, true)).toBe(first);
    // A range inside the same week reuses its bytes too.
    expect(JSON.parse(timetable.json('2026-09-09', '2026-09-10', counting, true).toString())).toEqual([lessons[2]]);
    expect(counts.made).toBe(5);
    expect(timetable.bytes).toBe(lessons.length * 8 + counts.kept);
  });

  it('keeps nothing when told not to (a full schedule cache), answering the same', () => {
    const { timetable, counting, counts } = countingTimetable();
    const answer = timetable.json('2026-09-14', '2026-09-27', counting, false);
    expect(JSON.parse(answer.toString())).toEqual(lessons.slice(5));
    timetable.json('2026-09-14', '2026-09-27', counting, false);
    expect(counts.made).toBe(6);
    expect(counts.kept).toBe(0);
    expect(timetable.bytes).toBe(lessons.length * 8);
  });

  it('answers an empty array for a range without lessons and for an empty timetable', () => {
    expect(new Timetable(lessons).json('2026-09-14', '2026-09-16', jsonOf, true).toString()).toBe('[]');
    expect(new Timetable<Lesson>([]).json('2026-09-01', '2026-12-31', jsonOf, true).toString()).toBe('[]');
  });
});
