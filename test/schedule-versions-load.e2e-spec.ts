import { createUniversity, createVersion, University, VersionBody, VERSIONS_PATH } from './support/schedule-builders';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Validation, publication (with its full re-validation), diff and copy of a draft of 3,000 rules
 * (72,000 lessons) give the right answers at that size. The rules are written by SQL and free of
 * clashes: rule n belongs to block n / 12 (250 blocks), whose teacher, room and group are its own
 * (three different bijections of the block number), and takes two of the 24 weekly cells (6 days x 4
 * pairs) of its block. How fast publication is, is measured by `npm run bench:schedule` (target < 5 s).
 */
describe('schedule version publication under load', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let draft: VersionBody;

  const BLOCKS = 250;
  const RULES = BLOCKS * 12;

  async function ids(sql: string, params: unknown[] = []): Promise<number[]> {
    return (await t.sql<{ id: number }>('alpha', sql, params)).map((row) => row.id);
  }


  beforeAll(async () => {
    // Before the semester: a draft's publication changes no past lesson (listed by validation mid-semester, issue 45 §2).
    standServiceAt(BEFORE_AUTUMN_2026);
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 1, groups: 1, subgroupsPerGroup: 0, classrooms: 1, subjects: 1 });

    const teachers = await ids(
      `INSERT INTO users (username, password_hash, role, full_name)
       SELECT 'load-teacher-' || n, 'x', 'TEACHER', 'Преподаватель ' || n FROM generate_series(1, $1) n RETURNING id`,
      [BLOCKS],
    );
    const rooms = await ids(`INSERT INTO classrooms (name, capacity) SELECT 'Нагрузка ' || n, 30 FROM generate_series(1, $1) n RETURNING id`, [BLOCKS]);
    const subjects = await ids(`INSERT INTO subjects (name, department_id) SELECT 'Предмет ' || n, $1 FROM generate_series(1, 50) n RETURNING id`, [
      u.department.id,
    ]);
    const groups = await ids(
      `INSERT INTO study_groups (name, group_size, education_form_id, department_id, year_start_study, specialty_id, specialty_profile_id)
       SELECT 'Н-' || n, 25, $1, $2, 2026, $3, $4 FROM generate_series(1, $5) n RETURNING id`,
      [u.study.form.id, u.department.id, u.study.specialty.id, u.study.profile.id, BLOCKS],
    );
    await t.sql('alpha', `INSERT INTO group_calendar_assignments (group_id, academic_year_id, calendar_id) SELECT unnest($1::int[]), $2, $3`, [
      groups,
      u.year.id,
      u.calendar.id,
    ]);

    draft = await createVersion(admin, u.semester.id, 'Нагрузка');
    // Rule n: block b = n / 12, cells 2k and 2k + 1 of k = n % 12 (cell c: day 1 + c % 6, pair 1 + c / 6);
    // teacher b, room 7b mod 250, group 11b mod 250; 32 lecture hours in the first cell, 16 practice hours in the second.
    await t.sql(
      'alpha',
      `WITH rules AS (
         INSERT INTO schedule_rules (schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours)
         SELECT $1, $2, ($3::int[])[1 + n % 50], 32, 0, 16 FROM generate_series(0, $8 - 1) n RETURNING id),
       numbered AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM rules),
       blocks AS (SELECT id, n / 12 AS b, 2 * (n % 12) AS cell FROM numbered),
       grouped AS (INSERT INTO schedule_rule_groups (rule_id, group_id) SELECT id, ($4::int[])[1 + (11 * b) % $9] FROM blocks)
       INSERT INTO schedule_rule_slots (rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format)
       SELECT id, 1 + cell % 6, 'BOTH', ($5::int[])[1 + cell / 6], ($6::int[])[1 + b], ($7::int[])[1 + (7 * b) % $9], 1, 'Очно' FROM blocks
       UNION ALL
       SELECT id, 1 + (cell + 1) % 6, 'BOTH', ($5::int[])[1 + (cell + 1) / 6], ($6::int[])[1 + b], ($7::int[])[1 + (7 * b) % $9], 2, 'Очно' FROM blocks`,
      [draft.id, u.semester.id, subjects, groups, u.timeSlots.map((slot) => slot.id), teachers, rooms, RULES, BLOCKS],
    );
    await t.sql('alpha', 'ANALYZE');
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  it('validates the 3,000-rule draft as clash-free', async () => {
    const response = await admin.get(`${VERSIONS_PATH}/${draft.id}/validate`);
    expect(response.status).toBe(200);
    expect({ ...response.body, checkedLessonCount: response.body.checkedLessonCount > 0 }).toEqual({
      versionId: draft.id,
      valid: true,
      ruleCount: RULES,
      checkedLessonCount: true,
      problemCount: 0,
      unplacedSlotCount: 0,
      pastLessonCount: 0,
      problemsTruncated: false,
      problems: [],
    });
  });

  it('publishes the 3,000-rule draft, re-validation included', async () => {
    const response = await admin.post(`${VERSIONS_PATH}/${draft.id}/publish`, { reason: 'Нагрузка' });
    expect({ status: response.status, state: response.body.status, rules: response.body.ruleCount }).toEqual({ status: 200, state: 'PUBLISHED', rules: RULES });
  });

  it('compares it with the previous publication and copies it in bulk', async () => {
    const diff = await admin.get(`${VERSIONS_PATH}/${draft.id}/diff?baseVersionId=${u.versionId}`);
    expect(diff.status).toBe(200);
    expect(diff.body.rules.added).toHaveLength(RULES);
    expect([diff.body.lessons.added.length, diff.body.lessons.removedCount, diff.body.lessons.truncated]).toEqual([500, 0, true]);

    const copy = await createVersion(admin, u.semester.id, 'Копия нагрузки', draft.id);
    expect(copy.ruleCount).toBe(RULES);
    const [counts] = await t.sql<{ slots: number; lineage: number }>(
      'alpha',
      `SELECT (SELECT count(*)::int FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id WHERE r.schedule_version_id = $1) AS slots,
              (SELECT count(*)::int FROM schedule_rules WHERE schedule_version_id = $1 AND lineage_rule_id IS NOT NULL) AS lineage`,
      [copy.id],
    );
    expect(counts).toEqual({ slots: 2 * RULES, lineage: RULES });

    const same = await admin.get(`${VERSIONS_PATH}/${copy.id}/diff?baseVersionId=${draft.id}`);
    expect([same.body.rules.added.length, same.body.rules.removed.length, same.body.rules.changed.length, same.body.lessons.addedCount]).toEqual([0, 0, 0, 0]);
  });
});
