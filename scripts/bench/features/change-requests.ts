import { LoadRequest } from '../load';
import { BenchFeature } from '../scenario';

/**
 * Change-request candidates (spec 4.15) as the office asks for them while reviewing: every semester
 * day a lesson could move to, the free pairs of its day and the free rooms, each checked like an
 * override. Lessons come from the end of the seeder's list of lessons without a change, so the
 * override scenario (which takes them from the start) leaves them untouched. No target: a figure.
 */
export const changeRequests: BenchFeature = {
  name: 'change requests',
  prepare({ seeded }) {
    const lessons = [...seeded.overrides.untouchedLessons].reverse();
    const candidates = () => {
      let n = 0;
      return (): LoadRequest | undefined => {
        const lesson = lessons[n++ % lessons.length];
        return lesson && { method: 'GET', path: `/api/teacher-change-requests/candidates?baseRuleSlotId=${lesson.baseRuleSlotId}&lessonDate=${lesson.lessonDate}` };
      };
    };
    return { scenarios: [{ name: 'GET /api/teacher-change-requests/candidates (whole semester)', concurrency: 1, requests: candidates }] };
  },
};
