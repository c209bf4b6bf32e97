import { isoDayOfWeek } from '../../src/schedule-engine/dates';
import { generateSeries, LessonKind, SeriesRule } from '../../src/schedule-engine/lesson-series';
import { mondayOf } from '../../src/schedule-engine/weeks';
import { addDays } from '../../src/schedule-engine/dates';
import { AcademicDates, activityOn, SemesterType } from './academic-dates';
import { PAIRS_PER_DAY } from './slot-allocator';
import { LESSON_TYPE, UniversityPlan } from './university-plan';

/**
 * One-off changes for a seeded university, planned on the plan's own lessons (laid out by the
 * engine's series generator, exactly as the service does) so that every change names a real lesson
 * and the timetable stays clash-free: cancels, format changes, teacher replacements, and moves to
 * another pair of the same day or of another weekday of the same week. A teacher, room or group takes
 * a new place only where the plan never uses it on that weekday and pair (in any week) and no earlier
 * change took it on that date; places freed by a move or replacement are not reused. Moves stay on
 * Monday..Friday and the base grid, so Saturday's own bells and Sunday (the benchmark's free day for
 * new rules) are never touched.
 */
export type PlannedOverride =
  | { action: 'CANCEL'; lesson: PlannedLesson }
  | { action: 'REPLACE'; lesson: PlannedLesson; newFormat?: string; newTeacher?: number }
  | { action: 'MOVE'; lesson: PlannedLesson; targetDate: string | null; newPair: number };

/** A lesson of the plan: rule index, the slot's index among all slots of all rules, date and pair. */
export interface PlannedLesson {
  rule: number;
  slot: number;
  date: string;
  pair: number;
  semester: SemesterType;
}

const KIND_OF: Record<number, LessonKind> = { [LESSON_TYPE.LECTURE]: 'LECTURE', [LESSON_TYPE.PRACTICE]: 'PRACTICE', [LESSON_TYPE.LABORATORY]: 'LABORATORY' };

/** Every lesson of the plan's rules, by date and slot. */
export function plannedLessons(plan: UniversityPlan, dates: AcademicDates): PlannedLesson[] {
  const lessons: PlannedLesson[] = [];
  let firstSlot = 0;
  plan.rules.forEach((rule, r) => {
    const period = dates.semesters[rule.semester];
    const series: SeriesRule = {
      id: r,
      hours: { LECTURE: rule.hours.lecture, PRACTICE: rule.hours.practice, LABORATORY: rule.hours.laboratory },
      startWeeks: { LECTURE: 1, PRACTICE: 1, LABORATORY: 1 },
      slots: rule.slots.map((slot, s) => ({ id: firstSlot + s, dayOfWeek: slot.dayOfWeek, parity: slot.parity, timeSlotId: slot.pair, lessonKind: KIND_OF[slot.lessonTypeId] })),
    };
    // Every group has the same calendar; pairs keep their order in every grid, which is all the layout needs.
    const generated = generateSeries(series, {
      semesterStart: period.startDate,
      semesterEnd: period.endDate,
      allowsLessons: (date) => activityOn(dates, date) === 'Т',
      timeOf: (pair) => ({ startTime: `${String(pair).padStart(2, '0')}:00:00`, endTime: `${String(pair).padStart(2, '0')}:30:00`, order: pair }),
    });
    for (const lesson of generated) lessons.push({ rule: r, slot: lesson.slotId, date: lesson.date, pair: lesson.timeSlotId, semester: rule.semester });
    firstSlot += rule.slots.length;
  });
  return lessons.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.slot - b.slot));
}

class Places {
  /** `kind+index:weekday:pair` the plan ever uses, per semester. */
  private readonly planned = new Map<SemesterType, Set<string>>();
  /** `kind+index:date:pair` taken by a change. */
  private readonly taken = new Set<string>();

  constructor(plan: UniversityPlan) {
    for (const rule of plan.rules) {
      let set = this.planned.get(rule.semester);
      if (!set) this.planned.set(rule.semester, (set = new Set()));
      for (const slot of rule.slots) {
        const at = `${slot.dayOfWeek}:${slot.pair}`;
        set.add(`t${slot.teacher}:${at}`).add(`r${slot.room}:${at}`);
        for (const group of rule.groups) set.add(`g${group}:${at}`);
      }
    }
  }

  free(semester: SemesterType, parties: string[], date: string, pair: number): boolean {
    const planned = this.planned.get(semester);
    const day = isoDayOfWeek(date);
    return parties.every((party) => !planned?.has(`${party}:${day}:${pair}`) && !this.taken.has(`${party}:${date}:${pair}`));
  }

  take(parties: string[], date: string, pair: number): void {
    for (const party of parties) this.taken.add(`${party}:${date}:${pair}`);
  }
}

/** `count` changes spread evenly over the plan's lessons, cycling through the kinds. */
export function planOverrides(plan: UniversityPlan, dates: AcademicDates, count: number): PlannedOverride[] {
  const lessons = plannedLessons(plan, dates);
  const places = new Places(plan);
  const slots = plan.rules.flatMap((rule) => rule.slots);
  const overrides: PlannedOverride[] = [];
  const wanted = Math.min(count, lessons.length);
  for (let i = 0; i < wanted; i++) {
    const lesson = lessons[Math.floor(((i + 0.5) * lessons.length) / wanted)];
    const rule = plan.rules[lesson.rule];
    const slot = slots[lesson.slot];
    const groups = rule.groups.map((group) => `g${group}`);
    const weekday = isoDayOfWeek(lesson.date) <= 5;
    switch (i % 5) {
      case 1:
        overrides.push({ action: 'REPLACE', lesson, newFormat: 'Онлайн' });
        continue;
      case 2: {
        const department = plan.teachers[slot.teacher].department;
        const teacher = plan.teachers.findIndex(
          (candidate, t) => t !== slot.teacher && candidate.department === department && places.free(lesson.semester, [`t${t}`], lesson.date, lesson.pair),
        );
        if (teacher >= 0) {
          places.take([`t${teacher}`], lesson.date, lesson.pair);
          overrides.push({ action: 'REPLACE', lesson, newTeacher: teacher });
          continue;
        }
        break;
      }
      case 3:
      case 4: {
        if (!weekday) break;
        const parties = [`t${slot.teacher}`, `r${slot.room}`, ...groups];
        const days = i % 5 === 3 ? [lesson.date] : otherWeekdays(lesson.date, dates, lesson.semester);
        const target = firstFree(days, (date, pair) => !(date === lesson.date && pair === lesson.pair) && places.free(lesson.semester, parties, date, pair), i);
        if (target) {
          places.take(parties, target.date, target.pair);
          overrides.push({ action: 'MOVE', lesson, targetDate: target.date === lesson.date ? null : target.date, newPair: target.pair });
          continue;
        }
        break;
      }
    }
    overrides.push({ action: 'CANCEL', lesson });
  }
  return overrides;
}

/** Monday..Friday of the lesson's week, other than its own day, inside the semester and on teaching days. */
function otherWeekdays(date: string, dates: AcademicDates, semester: SemesterType): string[] {
  const period = dates.semesters[semester];
  const monday = mondayOf(date);
  return [0, 1, 2, 3, 4]
    .map((offset) => addDays(monday, offset))
    .filter((day) => day !== date && day >= period.startDate && day <= period.endDate && activityOn(dates, day) === 'Т');
}

/** The first free (date, pair), starting from a pair that rotates with `seed` so moves spread over the day. */
function firstFree(days: string[], free: (date: string, pair: number) => boolean, seed: number): { date: string; pair: number } | undefined {
  for (const date of days) {
    for (let k = 0; k < PAIRS_PER_DAY; k++) {
      const pair = ((seed + k) % PAIRS_PER_DAY) + 1;
      if (free(date, pair)) return { date, pair };
    }
  }
  return undefined;
}
