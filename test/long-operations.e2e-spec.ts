import { createRule, createUniversity, ruleBody, slotBody, University, VERSIONS_PATH } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Operations large by nature run with their own statement budget (issue 46 §3): here the ordinary
 * budget is tiny (DB_STATEMENT_TIMEOUT_MS=150, the client waiting 650 ms), and copying a version of
 * 5,000 rules is one INSERT ... SELECT that takes longer than both. Without the long budget the copy
 * answered 503 «База данных университета временно недоступна».
 */
const RULES = 5_000;

describe('a version copy under a tiny ordinary statement budget', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { DB_STATEMENT_TIMEOUT_MS: '150' } });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 1, groups: 1, classrooms: 1, subjects: 1 });
    const rule = await createRule(admin, ruleBody(u, { lectureAcademicHours: 32, slots: [slotBody(u)] }));
    // The bulk is written straight into the database (no budget there): RULES copies of the rule.
    await t.sql(
      'alpha',
      `WITH source AS (SELECT * FROM schedule_rules WHERE id = $1),
       rules AS (
         INSERT INTO schedule_rules (schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours,
                                     lecture_start_week, laboratory_start_week, practice_start_week, created_by)
         SELECT schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours,
                lecture_start_week, laboratory_start_week, practice_start_week, created_by
           FROM source, generate_series(2, $2)
         RETURNING id),
       groups AS (INSERT INTO schedule_rule_groups (rule_id, group_id) SELECT rules.id, g.group_id FROM rules, schedule_rule_groups g WHERE g.rule_id = $1)
       INSERT INTO schedule_rule_slots (rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format)
       SELECT rules.id, s.day_of_week, s.parity, s.time_slot_id, s.teacher_id, s.classroom_id, s.lesson_type_id, s.lesson_format
         FROM rules, schedule_rule_slots s WHERE s.rule_id = $1`,
      [rule.id, RULES],
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('copies every rule, and ordinary requests on the same pool keep working afterwards', async () => {
    const copy = await admin.post(VERSIONS_PATH, { semesterId: u.semester.id, name: 'Копия большой версии', basedOnVersionId: u.versionId });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ status: 'DRAFT', basedOnVersionId: u.versionId, ruleCount: RULES });
    const [row] = await t.sql<{ count: number }>('alpha', `SELECT count(*)::int AS count FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id WHERE r.schedule_version_id = $1`, [copy.body.id]);
    expect(row.count).toBe(RULES);
    for (let i = 0; i < 5; i++) expect((await admin.get(`${VERSIONS_PATH}/${copy.body.id as number}`)).status).toBe(200);
  });
});
