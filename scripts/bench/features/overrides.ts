import { BENCH_SCALE } from '../../seed/university-scale';
import { semesterWeek } from '../../seed/academic-dates';
import { LoadRequest } from '../load';
import { BenchFeature } from '../scenario';
import { medianBelow } from '../verdicts';

export const OVERRIDE_NAMES = {
  created: 'POST /api/edu-office/schedule/overrides (checks)',
  registry: 'GET /api/edu-office/schedule/overrides: one week',
  teacherWeek: 'GET /api/schedule: one teacher, one week',
} as const;

/**
 * One-off changes: each request replaces the format of another lesson that has no change yet (the
 * seeder reports them), so all must succeed; the save rebuilds the lesson and checks it against every
 * lesson of its day after all 3,000 seeded changes. Plus two reads the education office uses: the
 * registry of one week and a teacher's week (which adds lessons reassigned to the teacher).
 */
export const overrides: BenchFeature = {
  name: 'overrides',
  prepare({ seeded, writeConcurrency }) {
    const lessons = seeded.overrides.untouchedLessons;
    let n = 0;
    const next = (): LoadRequest | undefined => {
      const lesson = lessons[n++];
      if (!lesson) return undefined;
      return { method: 'POST', path: '/api/edu-office/schedule/overrides', body: { ...lesson, action: 'REPLACE', newLessonFormat: 'Онлайн', comment: 'Нагрузочный тест' } };
    };
    const autumn = seeded.semesters.autumn;
    const registry = () => {
      let week = 0;
      return (): LoadRequest => {
        const period = semesterWeek(autumn, 1 + (week++ % BENCH_SCALE.semesterWeeks));
        return { method: 'GET', path: `/api/edu-office/schedule/overrides?startDate=${period.startDate}&endDate=${period.endDate}` };
      };
    };
    const teacherWeek = () => {
      let k = 0;
      return (): LoadRequest => {
        const teacherId = seeded.teacherIds[k % seeded.teacherIds.length];
        const period = semesterWeek(autumn, 1 + (k++ % BENCH_SCALE.semesterWeeks));
        return { method: 'GET', path: `/api/schedule?teacherId=${teacherId}&startDate=${period.startDate}&endDate=${period.endDate}` };
      };
    };
    return {
      scenarios: [
        { name: OVERRIDE_NAMES.created, concurrency: writeConcurrency, requests: () => next },
        { name: OVERRIDE_NAMES.registry, concurrency: 1, requests: registry },
        { name: OVERRIDE_NAMES.teacherWeek, concurrency: 1, requests: teacherWeek },
      ],
    };
  },
  verdicts: (m) => [medianBelow('override creation with its checks (our own target, as for rules)', m.outcome(OVERRIDE_NAMES.created), 150)],
};
