import { ScheduleDataRepository, SemesterSchedules } from '../src/schedule/core';
import { TenantRegistry } from '../src/platform/tenancy/tenant-registry';
import { runInTenant } from '../src/platform/tenancy/tenant-context';
import { startTestApp, TestApp } from './support/test-app';

/** The batched loader behind viewing and conflict checks, on a tiny semester built by SQL. */
describe('schedule data loader', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  async function one(sql: string, params: unknown[] = []): Promise<number> {
    return (await t.sql<{ id: number }>('alpha', sql, params))[0].id;
  }

  function inTenant<T>(work: () => Promise<T>): Promise<T> {
    const pool = t.app.get(TenantRegistry).lease('alpha');
    if (!pool) throw new Error('tenant not ready');
    return runInTenant({ tenantKey: 'alpha', dataSource: pool.dataSource }, work).finally(() => pool.release());
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    ids.department = await one(`INSERT INTO departments (name, code) VALUES ('Кафедра', 1) RETURNING id`);
    ids.teacher = await one(`INSERT INTO users (username, password_hash, role, full_name) VALUES ('t1', 'x', 'TEACHER', 'Иванов И. И.') RETURNING id`);
    ids.specialty = await one(`INSERT INTO specialties (name, code) VALUES ('Информатика', '09.03.01') RETURNING id`);
    ids.profile = await one(`INSERT INTO specialty_profiles (specialty_id, name) VALUES ($1, 'Без профиля') RETURNING id`, [ids.specialty]);
    ids.form = await one(`INSERT INTO education_forms (name) VALUES ('Очная') RETURNING id`);
    ids.group = await one(
      `INSERT INTO study_groups (name, group_size, education_form_id, department_id, year_start_study, specialty_id, specialty_profile_id)
       VALUES ('ИВТ-1', 20, $1, $2, 2026, $3, $4) RETURNING id`,
      [ids.form, ids.department, ids.specialty, ids.profile],
    );
    ids.subgroup = await one(`INSERT INTO subgroups (group_id, name, student_capacity) VALUES ($1, 'Подгруппа 1', 10) RETURNING id`, [ids.group]);
    ids.year = await one(`INSERT INTO academic_years (title, start_date, end_date) VALUES ('2026-2027', '2026-09-01', '2027-06-30') RETURNING id`);
    ids.semester = await one(
      `INSERT INTO semesters (academic_year_id, semester_type, start_date, end_date) VALUES ($1, 'autumn', '2026-09-01', '2026-12-31') RETURNING id`,
      [ids.year],
    );
    ids.version = await one(
      `INSERT INTO schedule_versions (semester_id, version_number, name, status) VALUES ($1, 1, 'Основное расписание', 'PUBLISHED') RETURNING id`,
      [ids.semester],
    );
    ids.calendar = await one(
      `INSERT INTO academic_calendars (academic_year_id, specialty_id, specialty_profile_id, study_form_id, course_count, title)
       VALUES ($1, $2, $3, $4, 1, 'К') RETURNING id`,
      [ids.year, ids.specialty, ids.profile, ids.form],
    );
    await t.sql(
      'alpha',
      `INSERT INTO academic_calendar_periods (calendar_id, course_number, start_date, end_date, activity_type_id)
       SELECT $1, 1, '2026-09-01', '2027-06-30', id FROM activity_types WHERE code = 'Т'`,
      [ids.calendar],
    );
    await t.sql('alpha', `INSERT INTO group_calendar_assignments (group_id, academic_year_id, calendar_id) VALUES ($1, $2, $3)`, [ids.group, ids.year, ids.calendar]);
    ids.slot1 = await one(`INSERT INTO time_slots (scope_id, order_number, start_time, end_time) SELECT id, 1, '08:30', '10:00' FROM time_grid_scopes WHERE apply_mode = 'DEFAULT' RETURNING id`);
    ids.room = await one(`INSERT INTO classrooms (name, capacity) VALUES ('101', 30) RETURNING id`);
    ids.subject = await one(`INSERT INTO subjects (name, department_id) VALUES ('Физика', $1) RETURNING id`, [ids.department]);
    ids.rule = await one(
      `INSERT INTO schedule_rules (schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours)
       VALUES ($1, $2, $3, 4, 2, 0) RETURNING id`,
      [ids.version, ids.semester, ids.subject],
    );
    await t.sql('alpha', `INSERT INTO schedule_rule_groups (rule_id, group_id) VALUES ($1, $2)`, [ids.rule, ids.group]);
    ids.lectureSlot = await one(
      `INSERT INTO schedule_rule_slots (rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format)
       VALUES ($1, 2, 'BOTH', $2, $3, $4, 1, 'Очно') RETURNING id`,
      [ids.rule, ids.slot1, ids.teacher, ids.room],
    );
    ids.labSlot = await one(
      `INSERT INTO schedule_rule_slots (rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format)
       VALUES ($1, 3, 'ODD', $2, $3, $4, 3, 'Онлайн') RETURNING id`,
      [ids.rule, ids.slot1, ids.teacher, ids.room],
    );
    await t.sql('alpha', `INSERT INTO schedule_rule_slot_subgroups (slot_id, subgroup_id) VALUES ($1, $2)`, [ids.labSlot, ids.subgroup]);
  });
  afterAll(() => t.close());

  it('loads a semester with its published version, rules with slots and subgroups, and generates lessons', async () => {
    await inTenant(async () => {
      const data = t.app.get(ScheduleDataRepository);
      const [semester] = await data.semestersOverlapping('2026-09-07', '2026-09-13');
      expect(semester).toMatchObject({ id: ids.semester, publishedVersionId: ids.version, academicYearStart: '2026-09-01', academicYearTitle: '2026-2027' });

      const rules = await data.rules({ versionIds: [ids.version], groupIds: [ids.group] });
      expect(rules).toHaveLength(1);
      expect(rules[0]).toMatchObject({ id: ids.rule, subjectName: 'Физика', groupIds: [ids.group], hours: { LECTURE: 4, LABORATORY: 2, PRACTICE: 0 } });
      expect(rules[0].slots.map((slot) => [slot.lessonKind, slot.subgroups])).toEqual([
        ['LECTURE', []],
        ['LABORATORY', [{ id: ids.subgroup, groupId: ids.group }]],
      ]);
      expect(await data.rules({ versionIds: [ids.version], teacherIds: [ids.teacher + 1000] })).toEqual([]);

      const lessons = (await t.app.get(SemesterSchedules).baseLessons(semester, rules)).lessons;
      expect(lessons.map((l) => [l.date, l.lessonKind, l.startTime, l.audience])).toEqual([
        ['2026-09-01', 'LECTURE', '08:30:00', [{ groupId: ids.group, subgroupId: null }]],
        ['2026-09-02', 'LABORATORY', '08:30:00', [{ groupId: ids.group, subgroupId: ids.subgroup }]],
        ['2026-09-08', 'LECTURE', '08:30:00', [{ groupId: ids.group, subgroupId: null }]],
      ]);

      const names = await data.names({ teacherIds: [ids.teacher], classroomIds: [ids.room], groupIds: [ids.group], subgroupIds: [ids.subgroup] });
      expect(names.teachers.get(ids.teacher)).toBe('Иванов И. И.');
      expect(names.lessonTypes.get(3)).toBe('Лабораторная работа');
      expect(names.subgroups.get(ids.subgroup)).toEqual({ name: 'Подгруппа 1', groupId: ids.group });
    });
  });
});
