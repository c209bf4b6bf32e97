import { createBaseSlots, createUniversity, ruleBody, RULES_PATH, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Rule creation with its conflict check on a semester holding 3,000 rules (100 teachers and rooms with
 * 30 rules each, 300 groups with 10 each), inserted by SQL: free cells are accepted and busy ones
 * refused at that size. How fast, is measured by `npm run bench:schedule` (target: median < 150 ms).
 */
describe('schedule rule creation under load', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let teachers: number[];
  let rooms: number[];
  let extraPairs: number[];


  async function ids(sql: string, params: unknown[] = []): Promise<number[]> {
    return (await t.sql<{ id: number }>('alpha', sql, params)).map((row) => row.id);
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 1, groups: 1, subgroupsPerGroup: 0, classrooms: 1, subjects: 1 });
    // Pairs 5..8 stay free of the stored rules, so the measured rules pass every check.
    extraPairs = (await createBaseSlots(admin, [['15:40', '17:10'], ['17:20', '18:50'], ['19:00', '20:30'], ['20:40', '22:10']], 5)).map((slot) => slot.id);

    teachers = await ids(
      `INSERT INTO users (username, password_hash, role, full_name)
       SELECT 'load-teacher-' || n, 'x', 'TEACHER', 'Преподаватель ' || n FROM generate_series(1, 100) n RETURNING id`,
    );
    rooms = await ids(`INSERT INTO classrooms (name, capacity) SELECT 'Нагрузка ' || n, 30 FROM generate_series(1, 100) n RETURNING id`);
    const subjects = await ids(`INSERT INTO subjects (name, department_id) SELECT 'Предмет ' || n, $1 FROM generate_series(1, 50) n RETURNING id`, [
      u.department.id,
    ]);
    const groups = await ids(
      `INSERT INTO study_groups (name, group_size, education_form_id, department_id, year_start_study, specialty_id, specialty_profile_id)
       SELECT 'Н-' || n, 25, $1, $2, 2026, $3, $4 FROM generate_series(1, 300) n RETURNING id`,
      [u.study.form.id, u.department.id, u.study.specialty.id, u.study.profile.id],
    );
    await t.sql('alpha', `INSERT INTO group_calendar_assignments (group_id, academic_year_id, calendar_id) SELECT unnest($1::int[]), $2, $3`, [
      groups,
      u.year.id,
      u.calendar.id,
    ]);

    // Rule i: group i % 300, teacher i % 100, room (7i) % 100; 32 lecture hours on day 1 + i % 6 in pair 1 + i % 4,
    // 16 practice hours on odd weeks two days later.
    const pairs = u.timeSlots.map((slot) => slot.id);
    await t.sql(
      'alpha',
      `WITH rules AS (
         INSERT INTO schedule_rules (schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours)
         SELECT $1, $2, ($3::int[])[1 + n % 50], 32, 0, 16 FROM generate_series(0, 2999) n RETURNING id),
       numbered AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM rules),
       grouped AS (INSERT INTO schedule_rule_groups (rule_id, group_id) SELECT id, ($4::int[])[1 + n % 300] FROM numbered)
       INSERT INTO schedule_rule_slots (rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format)
       SELECT id, 1 + n % 6, 'BOTH', ($5::int[])[1 + n % 4], ($6::int[])[1 + n % 100], ($7::int[])[1 + (7 * n) % 100], 1, 'Очно' FROM numbered
       UNION ALL
       SELECT id, 1 + (n + 2) % 6, 'ODD', ($5::int[])[1 + (n + 1) % 4], ($6::int[])[1 + n % 100], ($7::int[])[1 + (7 * n) % 100], 2, 'Очно' FROM numbered`,
      [u.versionId, u.semester.id, subjects, groups, pairs, teachers, rooms],
    );
    await t.sql('alpha', 'ANALYZE');
  });
  afterAll(() => t.close());

  it('creates rules in free cells among 3,000 stored ones', async () => {
    const [{ count }] = await t.sql<{ count: number }>('alpha', `SELECT count(*)::int AS count FROM schedule_rules WHERE semester_id = $1`, [u.semester.id]);
    expect(count).toBe(3000);

    for (let k = 0; k < 24; k++) {
      const body = ruleBody(u, {
        lectureAcademicHours: 32,
        slots: [slotBody(u, { dayOfWeek: 1 + (k % 6), timeSlotId: extraPairs[Math.floor(k / 6)], teacherId: teachers[k], classroomId: rooms[k] })],
      });
      const response = await admin.post(RULES_PATH, body);
      expect({ k, status: response.status }).toEqual({ k, status: 200 });
    }
    const [{ total }] = await t.sql<{ total: number }>('alpha', `SELECT count(*)::int AS total FROM schedule_rules WHERE semester_id = $1`, [u.semester.id]);
    expect(total).toBe(3024);
  });

  it('refuses a clash at a busy pair (about 20 stored rules generated) and stores nothing', async () => {
    for (let k = 0; k < 24; k++) {
      // Teacher k teaches rule k (and every 300th after it) on day 1 + k % 6 in pair 1 + k % 4, every week.
      const body = ruleBody(u, {
        lectureAcademicHours: 32,
        slots: [slotBody(u, { dayOfWeek: 1 + (k % 6), timeSlotId: u.timeSlots[k % 4].id, teacherId: teachers[k], classroomId: u.classrooms[0].id })],
      });
      const response = await admin.post(RULES_PATH, body);
      expect({ k, status: response.status, fields: response.body.conflictFields }).toEqual({ k, status: 409, fields: ['teacher'] });
    }
    const [{ total }] = await t.sql<{ total: number }>('alpha', `SELECT count(*)::int AS total FROM schedule_rules WHERE semester_id = $1`, [u.semester.id]);
    expect(total).toBe(3024);
  });
});
