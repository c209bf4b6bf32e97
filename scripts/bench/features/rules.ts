import { Client } from 'pg';
import { BENCH_SCALE } from '../../seed/university-scale';
import { SeededUniversity } from '../../seed/university-seeder';
import { LoadRequest } from '../load';
import { BenchFeature, Scenario } from '../scenario';
import { medianBelow } from '../verdicts';

const NAMES = {
  created: 'POST /api/admin/schedule-rules (conflict check)',
  refused: 'POST /api/admin/schedule-rules (refused: clash)',
  freeCells: 'GET /api/admin/schedule-rules/free-cells (group, teacher, room)',
  dated: 'PUT /api/admin/schedule-rules/{id} from a date (issue 53)',
} as const;

/** A rule body of weekly lectures for the whole autumn semester, for group `k`, in one slot. */
function lectureRule(seeded: SeededUniversity, k: number, slot: { dayOfWeek: number; timeSlotId: number; teacherId: number; classroomId: number }) {
  const autumn = seeded.semesters.autumn;
  return {
    scheduleVersionId: autumn.versionId,
    semesterId: autumn.id,
    subjectId: seeded.subjectIds[k % seeded.subjectIds.length],
    lectureAcademicHours: 2 * BENCH_SCALE.semesterWeeks,
    laboratoryAcademicHours: 0,
    practiceAcademicHours: 0,
    groupIds: [seeded.groups[k].id],
    slots: [{ ...slot, parity: 'BOTH', subgroupIds: [], lessonTypeId: 1, lessonFormat: 'Очно' }],
  };
}

/**
 * Rule creation with its conflict check. Every rule takes a cell nobody uses (Sunday, pair 1..6) with
 * its own group, teacher and room for that pair, so all of them must succeed; the sequence is shared
 * by warm-up and measurement so no cell is taken twice.
 */
function created(seeded: SeededUniversity, concurrency: number): Scenario {
  const pairs = seeded.baseTimeSlotIds.length;
  const distinct = Math.min(seeded.groups.length, seeded.teacherIds.length, seeded.classroomIds.length);
  let n = 0;
  const next = (): LoadRequest | undefined => {
    const k = Math.floor(n / pairs);
    if (k >= distinct) return undefined;
    const pair = n % pairs;
    n++;
    return {
      method: 'POST',
      path: '/api/admin/schedule-rules',
      body: lectureRule(seeded, k, { dayOfWeek: 7, timeSlotId: seeded.baseTimeSlotIds[pair], teacherId: seeded.teacherIds[k], classroomId: seeded.classroomIds[k] }),
    };
  };
  return { name: NAMES.created, concurrency, requests: () => next };
}

/** A weekly pair a seeded teacher teaches every week in the autumn semester. */
interface BusyCell {
  dayOfWeek: number;
  timeSlotId: number;
  teacherId: number;
}

async function busyCells(db: Client, versionId: number): Promise<BusyCell[]> {
  const { rows } = await db.query<BusyCell>(
    `SELECT sl.day_of_week AS "dayOfWeek", sl.time_slot_id AS "timeSlotId", sl.teacher_id AS "teacherId"
       FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id
      WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' AND sl.parity = 'BOTH' AND sl.day_of_week < 7
      ORDER BY sl.id LIMIT 50`,
    [versionId],
  );
  return rows;
}

/**
 * Rule creation refused by its conflict check: each rule puts a seeded teacher into a pair they teach
 * every week, so every request must answer 409 (the whole check runs, stored rules of that teacher,
 * room and group at that pair are laid out). Rules never get stored, so the cells can repeat.
 */
function refused(seeded: SeededUniversity, busy: BusyCell[], concurrency: number): Scenario {
  let n = 0;
  const next = (): LoadRequest | undefined => {
    if (busy.length === 0) return undefined;
    const cell = busy[n % busy.length];
    const k = n++ % seeded.groups.length;
    return {
      method: 'POST',
      path: '/api/admin/schedule-rules',
      expectStatus: 409,
      body: lectureRule(seeded, k, { ...cell, classroomId: seeded.classroomIds[k % seeded.classroomIds.length] }),
    };
  };
  return { name: NAMES.refused, concurrency, requests: () => next };
}

/**
 * The free-cell grid of a slot a person is placing: a busy teacher with a group and a room, all 7 × 6
 * cells of the autumn version tried at once (one connection, as the desk asks while the slot changes).
 */
function freeCells(seeded: SeededUniversity, busy: BusyCell[]): Scenario {
  let n = 0;
  const next = (): LoadRequest | undefined => {
    if (busy.length === 0) return undefined;
    const cell = busy[n % busy.length];
    const k = n++ % seeded.groups.length;
    const query = new URLSearchParams({
      versionId: String(seeded.semesters.autumn.versionId),
      groupIds: String(seeded.groups[k].id),
      teacherId: String(cell.teacherId),
      classroomId: String(seeded.classroomIds[k % seeded.classroomIds.length]),
    });
    return { method: 'GET', path: `/api/admin/schedule-rules/free-cells?${query.toString()}` };
  };
  return { name: NAMES.freeCells, concurrency: 1, requests: () => next };
}

/** A stored rule of the publication as its PUT body (its slots with their ids). */
interface StoredRuleBody {
  id: number;
  body: Record<string, unknown> & { slots: Record<string, unknown>[] };
}

async function publishedRuleBodies(db: Client, versionId: number, limit: number): Promise<StoredRuleBody[]> {
  const { rows } = await db.query<StoredRuleBody>(
    `SELECT r.id, json_build_object(
              'scheduleVersionId', r.schedule_version_id, 'semesterId', r.semester_id, 'subjectId', r.subject_id,
              'lectureAcademicHours', r.lecture_hours, 'laboratoryAcademicHours', r.laboratory_hours, 'practiceAcademicHours', r.practice_hours,
              'lectureStartWeek', r.lecture_start_week, 'laboratoryStartWeek', r.laboratory_start_week, 'practiceStartWeek', r.practice_start_week,
              'groupIds', ARRAY(SELECT g.group_id FROM schedule_rule_groups g WHERE g.rule_id = r.id ORDER BY g.group_id),
              'slots', (SELECT json_agg(json_build_object('id', sl.id, 'dayOfWeek', sl.day_of_week, 'parity', sl.parity, 'timeSlotId', sl.time_slot_id,
                                                          'teacherId', sl.teacher_id, 'classroomId', sl.classroom_id, 'lessonTypeId', sl.lesson_type_id,
                                                          'lessonFormat', sl.lesson_format,
                                                          'subgroupIds', ARRAY(SELECT ss.subgroup_id FROM schedule_rule_slot_subgroups ss WHERE ss.slot_id = sl.id))
                                        ORDER BY sl.id)
                          FROM schedule_rule_slots sl WHERE sl.rule_id = r.id)) AS body
       FROM schedule_rules r WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' ORDER BY r.id LIMIT $2`,
    [versionId, limit],
  );
  return rows;
}

/**
 * A one-rule change of the publication from a date (issue 53): each request takes another stored
 * rule and makes its lessons online from the middle of the semester, so its slots are closed there
 * and continued by new rows, its given lessons kept and its one-off changes from the date followed.
 */
function changedFromDate(stored: StoredRuleBody[], effectiveFrom: string, concurrency: number): Scenario {
  let n = 0;
  const next = (): LoadRequest | undefined => {
    const rule = stored[n++];
    if (!rule) return undefined;
    const slots = rule.body.slots.map((slot) => ({ ...slot, lessonFormat: 'Онлайн' }));
    return { method: 'PUT', path: `/api/admin/schedule-rules/${rule.id}`, body: { ...rule.body, slots, effectiveFrom } };
  };
  return { name: NAMES.dated, concurrency, requests: () => next };
}

/** The day halfway through the autumn semester. */
function middleOfAutumn(seeded: SeededUniversity): string {
  const { startDate, endDate } = seeded.semesters.autumn;
  return new Date((Date.parse(`${startDate}T00:00:00Z`) + Date.parse(`${endDate}T00:00:00Z`)) / 2).toISOString().slice(0, 10);
}

/** Schedule rules (spec 4.5): creation with its conflict check, accepted and refused; the free-cell grid; a change from a date. */
export const rules: BenchFeature = {
  name: 'rules',
  async prepare({ seeded, db, writeConcurrency }) {
    const busy = await busyCells(db, seeded.semesters.autumn.versionId);
    const stored = await publishedRuleBodies(db, seeded.semesters.autumn.versionId, 3000);
    return {
      scenarios: [created(seeded, writeConcurrency), refused(seeded, busy, writeConcurrency), freeCells(seeded, busy), changedFromDate(stored, middleOfAutumn(seeded), writeConcurrency)],
    };
  },
  verdicts: (m) => [
    medianBelow('rule creation with its conflict check', m.outcome(NAMES.created), 150),
    medianBelow('refused rule creation (clash)', m.outcome(NAMES.refused), 150),
    medianBelow('free-cell grid of a slot (one connection)', m.outcome(NAMES.freeCells), 150),
    medianBelow('one-rule change from a date', m.outcome(NAMES.dated), 150),
  ],
};
