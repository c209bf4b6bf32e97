import { performance } from 'node:perf_hooks';
import { semesterWeek } from '../../seed/academic-dates';
import { send } from '../load';
import { BenchFeature, Timed } from '../scenario';
import { log, median } from '../settings';
import { samplesBelow } from '../verdicts';

/**
 * Teacher absences, one request at a time: for each of the nine busiest teachers (the most weekly
 * slots, so the heaviest wizards) an approved two-week absence (weeks 3–4), its wizard (every affected
 * lesson with checked replacement teachers, moves and rooms), then one resolve of up to 20 decisions
 * (a replacement where the wizard offers one, else a cancellation).
 */
export const absences: BenchFeature = {
  name: 'absences',
  async prepare({ seeded, db, target }) {
    const { rows } = await db.query<{ teacherId: number }>(
      `SELECT sl.teacher_id AS "teacherId" FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' GROUP BY sl.teacher_id ORDER BY count(*) DESC, sl.teacher_id LIMIT 9`,
      [seeded.semesters.autumn.versionId],
    );
    const teacherIds = rows.map((row) => row.teacherId);
    const period = { startDate: semesterWeek(seeded.semesters.autumn, 3).startDate, endDate: semesterWeek(seeded.semesters.autumn, 4).endDate };
    const timed = async (): Promise<Timed> => {
      const wizardMs: number[] = [];
      const resolveMs: number[] = [];
      const decisionCounts: number[] = [];
      const samples = { wizardMs, resolveMs };
      for (const teacherId of teacherIds) {
        const created = await send(target, { method: 'POST', path: '/api/teacher-absences', body: { teacherId, ...period, reason: 'Замер' } });
        if (created.status !== 200) return { samples, failed: `absence creation answered ${created.status}: ${created.body.slice(0, 300)}` };
        const absenceId = (JSON.parse(created.body) as { id: number }).id;
        let started = performance.now();
        const wizard = await send(target, { method: 'GET', path: `/api/teacher-absences/${absenceId}/wizard` });
        wizardMs.push(performance.now() - started);
        if (wizard.status !== 200) return { samples, failed: `wizard answered ${wizard.status}: ${wizard.body.slice(0, 300)}` };
        type Item = { lesson: { baseRuleSlotId: number; lessonDate: string }; replacementTeachers: { teacherId: number }[] };
        const items = (JSON.parse(wizard.body) as { lessons: Item[] }).lessons;
        const decisions = items.slice(0, 20).map(({ lesson, replacementTeachers: [first] }) =>
          first ? { ...lesson, resolution: 'REPLACE_TEACHER', newTeacherId: first.teacherId } : { ...lesson, resolution: 'CANCEL' },
        );
        if (decisions.length === 0) continue;
        started = performance.now();
        const resolved = await send(target, { method: 'POST', path: `/api/teacher-absences/${absenceId}/resolve`, body: { decisions } });
        resolveMs.push(performance.now() - started);
        decisionCounts.push(decisions.length);
        if (resolved.status !== 200) return { samples, failed: `resolve answered ${resolved.status}: ${resolved.body.slice(0, 300)}` };
      }
      log(
        `  absences of ${teacherIds.length} busy teachers: wizard median ${median(wizardMs).toFixed(0)} ms, ` +
          `resolve of ${decisionCounts.join('/')} decisions median ${median(resolveMs).toFixed(0)} ms`,
      );
      return { samples };
    };
    return { timed };
  },
  verdicts: (m) => [
    samplesBelow('absence wizard (two weeks, busy teacher)', m.timed('absences'), 'wizardMs', 300),
    samplesBelow('resolving up to 20 decisions', m.timed('absences'), 'resolveMs', 500),
  ],
};
