import { TestApp } from './test-app';

/**
 * SQL builders for schedule viewing tests: a small university written straight into a tenant database
 * (the rules API is built in parallel; its builders will replace these where they fit).
 */

export type LessonKindId = 1 | 2 | 3; // Лекция, Практика, Лабораторная работа

export interface SlotSpec {
  dayOfWeek: number;
  parity?: 'BOTH' | 'ODD' | 'EVEN';
  timeSlotId: number;
  teacherId: number;
  classroomId: number;
  lessonTypeId: LessonKindId;
  lessonFormat?: 'Очно' | 'Онлайн';
  subgroupIds?: number[];
}

export interface RuleSpec {
  versionId: number;
  semesterId: number;
  subjectId: number;
  lectureHours?: number;
  practiceHours?: number;
  laboratoryHours?: number;
  lectureStartWeek?: number;
  practiceStartWeek?: number;
  laboratoryStartWeek?: number;
  groupIds: number[];
  slots: SlotSpec[];
  archived?: boolean;
}

export interface InsertedRule {
  id: number;
  slotIds: number[];
}

export class ViewingWorld {
  private sequence = 0;

  constructor(
    readonly t: TestApp,
    readonly tenant = 'alpha',
  ) {}

  sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return this.t.sql<T>(this.tenant, text, params);
  }

  async id(text: string, params: unknown[] = []): Promise<number> {
    const [row] = await this.sql<{ id: number }>(text, params);
    return row.id;
  }

  department(name: string, code: number): Promise<number> {
    return this.id(`INSERT INTO departments (name, code) VALUES ($1, $2) RETURNING id`, [name, code]);
  }

  teacher(fullName: string): Promise<number> {
    this.sequence++;
    return this.id(`INSERT INTO users (username, password_hash, role, full_name) VALUES ($1, 'x', 'TEACHER', $2) RETURNING id`, [
      `viewing-teacher-${this.sequence}`,
      fullName,
    ]);
  }

  /** A specialty with its profile and an education form: what groups and calendars refer to. */
  async studySetup(code: string): Promise<{ specialtyId: number; profileId: number; formId: number }> {
    const specialtyId = await this.id(`INSERT INTO specialties (name, code) VALUES ($1, $2) RETURNING id`, [`Специальность ${code}`, code]);
    const profileId = await this.id(`INSERT INTO specialty_profiles (specialty_id, name) VALUES ($1, 'Без профиля') RETURNING id`, [specialtyId]);
    const formId = await this.id(`INSERT INTO education_forms (name) VALUES ($1) RETURNING id`, [`Очная ${code}`]);
    return { specialtyId, profileId, formId };
  }

  group(
    setup: { specialtyId: number; profileId: number; formId: number },
    fields: { name: string; departmentId: number; yearStartStudy: number; groupSize?: number },
  ): Promise<number> {
    return this.id(
      `INSERT INTO study_groups (name, group_size, education_form_id, department_id, year_start_study, specialty_id, specialty_profile_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [fields.name, fields.groupSize ?? 25, setup.formId, fields.departmentId, fields.yearStartStudy, setup.specialtyId, setup.profileId],
    );
  }

  subgroup(groupId: number, name: string, capacity: number): Promise<number> {
    return this.id(`INSERT INTO subgroups (group_id, name, student_capacity) VALUES ($1, $2, $3) RETURNING id`, [groupId, name, capacity]);
  }

  year(startYear: number): Promise<number> {
    return this.id(`INSERT INTO academic_years (title, start_date, end_date) VALUES ($1, $2, $3) RETURNING id`, [
      `${startYear}-${startYear + 1}`,
      `${startYear}-09-01`,
      `${startYear + 1}-06-30`,
    ]);
  }

  /** A semester with its version 1, PUBLISHED (as the semester API creates it). */
  async semester(yearId: number, type: 'autumn' | 'spring', startDate: string, endDate: string): Promise<{ id: number; versionId: number }> {
    const id = await this.id(`INSERT INTO semesters (academic_year_id, semester_type, start_date, end_date) VALUES ($1, $2, $3, $4) RETURNING id`, [
      yearId,
      type,
      startDate,
      endDate,
    ]);
    const versionId = await this.version(id, 1, 'PUBLISHED');
    return { id, versionId };
  }

  version(semesterId: number, number: number, status: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED'): Promise<number> {
    return this.id(`INSERT INTO schedule_versions (semester_id, version_number, name, status) VALUES ($1, $2, $3, $4) RETURNING id`, [
      semesterId,
      number,
      number === 1 ? 'Основное расписание' : `Версия ${number}`,
      status,
    ]);
  }

  activity(code: string, name: string, allowSchedule: boolean): Promise<number> {
    return this.id(`INSERT INTO activity_types (code, name, allow_schedule) VALUES ($1, $2, $3) RETURNING id`, [code, name, allowSchedule]);
  }

  activityId(code: string): Promise<number> {
    return this.id(`SELECT id FROM activity_types WHERE code = $1`, [code]);
  }

  /** A calendar with its day grid given as periods `[course, start, end, activityTypeId]`. */
  async calendar(
    yearId: number,
    setup: { specialtyId: number; profileId: number; formId: number },
    courseCount: number,
    periods: [number, string, string, number][],
  ): Promise<number> {
    const id = await this.id(
      `INSERT INTO academic_calendars (academic_year_id, specialty_id, specialty_profile_id, study_form_id, course_count, title)
       VALUES ($1, $2, $3, $4, $5, 'Календарь') RETURNING id`,
      [yearId, setup.specialtyId, setup.profileId, setup.formId, courseCount],
    );
    for (const [course, start, end, activityTypeId] of periods) {
      await this.sql(
        `INSERT INTO academic_calendar_periods (calendar_id, course_number, start_date, end_date, activity_type_id) VALUES ($1, $2, $3, $4, $5)`,
        [id, course, start, end, activityTypeId],
      );
    }
    return id;
  }

  async assignCalendar(groupId: number, yearId: number, calendarId: number): Promise<void> {
    await this.sql(`INSERT INTO group_calendar_assignments (group_id, academic_year_id, calendar_id) VALUES ($1, $2, $3)`, [groupId, yearId, calendarId]);
  }

  /** A slot of the base (`DEFAULT`) or Saturday grid. */
  slot(mode: 'DEFAULT' | 'SATURDAY', order: number, start: string, end: string): Promise<number> {
    return this.id(
      `INSERT INTO time_slots (scope_id, order_number, start_time, end_time)
       SELECT id, $2, $3, $4 FROM time_grid_scopes WHERE apply_mode = $1 RETURNING id`,
      [mode, order, start, end],
    );
  }

  /** A manual grid with slots `[order, start, end]`, assigned to `dates`. */
  async manualGrid(name: string, slots: [number, string, string][], dates: string[]): Promise<number> {
    const scopeId = await this.id(`INSERT INTO time_grid_scopes (name, apply_mode) VALUES ($1, 'MANUAL') RETURNING id`, [name]);
    for (const [order, start, end] of slots) {
      await this.sql(`INSERT INTO time_slots (scope_id, order_number, start_time, end_time) VALUES ($1, $2, $3, $4)`, [scopeId, order, start, end]);
    }
    for (const date of dates) {
      await this.sql(`INSERT INTO time_grid_date_assignments (assignment_date, scope_id) VALUES ($1, $2)`, [date, scopeId]);
    }
    return scopeId;
  }

  classroom(name: string, capacity = 30): Promise<number> {
    return this.id(`INSERT INTO classrooms (name, capacity) VALUES ($1, $2) RETURNING id`, [name, capacity]);
  }

  subject(name: string, departmentId: number): Promise<number> {
    return this.id(`INSERT INTO subjects (name, department_id) VALUES ($1, $2) RETURNING id`, [name, departmentId]);
  }

  /** A rule with its groups and slots (slot ids in the order given). */
  async rule(spec: RuleSpec): Promise<InsertedRule> {
    const id = await this.id(
      `INSERT INTO schedule_rules (schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours,
                                   lecture_start_week, laboratory_start_week, practice_start_week, status, archived_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        spec.versionId,
        spec.semesterId,
        spec.subjectId,
        spec.lectureHours ?? 0,
        spec.laboratoryHours ?? 0,
        spec.practiceHours ?? 0,
        spec.lectureStartWeek ?? 1,
        spec.laboratoryStartWeek ?? 1,
        spec.practiceStartWeek ?? 1,
        spec.archived ? 'ARCHIVED' : 'ACTIVE',
        spec.archived ? new Date().toISOString() : null,
      ],
    );
    await this.sql(`INSERT INTO schedule_rule_groups (rule_id, group_id) SELECT $1, unnest($2::int[])`, [id, spec.groupIds]);
    const slotIds: number[] = [];
    for (const slot of spec.slots) {
      const slotId = await this.id(
        `INSERT INTO schedule_rule_slots (rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [id, slot.dayOfWeek, slot.parity ?? 'BOTH', slot.timeSlotId, slot.teacherId, slot.classroomId, slot.lessonTypeId, slot.lessonFormat ?? 'Очно'],
      );
      if (slot.subgroupIds?.length) {
        await this.sql(`INSERT INTO schedule_rule_slot_subgroups (slot_id, subgroup_id) SELECT $1, unnest($2::int[])`, [slotId, slot.subgroupIds]);
      }
      slotIds.push(slotId);
    }
    return { id, slotIds };
  }

  async stamp(): Promise<number> {
    const [row] = await this.sql<{ stamp: string }>(`SELECT stamp FROM schedule_data_stamp WHERE id = 1`);
    return Number(row.stamp);
  }
}

/** A query string without the undefined parameters. */
export function query(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined) as [string, string | number][];
  return new URLSearchParams(entries.map(([key, value]): [string, string] => [key, String(value)])).toString();
}

// ---- dates, computed here independently of the service's code ----

const DAY_MS = 86_400_000;

export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The hand-computed autumn semester of the viewing tests (2026-09-01, a Tuesday, to 2026-12-31; week 1
 * is 31 Aug – 6 Sep). Course 1 studies theory («Т») except a holiday week 21–27 Sep («К», no lessons);
 * Saturdays use their own grid; 16 Sep has a manual «Сокращённый день».
 *
 * Groups: ИВТ-101 (department A, subgroups «Подгруппа 1/2») and ИВТ-102 (A) have the calendar;
 * ПИ-201 (B) has none; ПИ-202 (B) has the calendar. Rules of the published version 1:
 * - math (ИВТ-101 + ИВТ-102): lectures 8 h on Tuesdays, pair 1, Иванов, room 101; practice 4 h on
 *   Wednesdays of odd weeks, pair 2, Петрова, online.
 * - phys (ИВТ-101): labs 8 h on Thursdays, pair 1 for «Подгруппа 1» and pair 2 for both subgroups,
 *   Петрова, Лаб-1; practice 2 h from week 2 on Saturdays, pair 1, Иванов, room 101.
 * - progNoCalendar (ПИ-201): lectures on Mondays, never rendered (no calendar).
 * - prog (ПИ-202): lectures 4 h on Mondays, pair 2, Иванов, Лаб-1.
 * - hist (ИВТ-101): lectures 4 h on Fridays, pair 1, Иванов, room 101.
 * - archivedRule (ИВТ-101, archived) and draftRule (ИВТ-101, in a DRAFT version 2): never shown.
 */
export async function buildSmallUniversity(w: ViewingWorld) {
  const departmentA = await w.department('Кафедра информатики', 1);
  const departmentB = await w.department('Кафедра программной инженерии', 2);
  const setup = await w.studySetup('09.03.01');
  const yearId = await w.year(2026);
  const autumn = await w.semester(yearId, 'autumn', '2026-09-01', '2026-12-31');
  const spring = await w.semester(yearId, 'spring', '2027-02-09', '2027-06-30');
  const theory = await w.activityId('Т');
  const holiday = await w.activity('К', 'Каникулы', false);
  const calendarId = await w.calendar(yearId, setup, 1, [
    [1, '2026-09-01', '2026-09-20', theory],
    [1, '2026-09-21', '2026-09-27', holiday],
    [1, '2026-09-28', '2027-06-30', theory],
  ]);
  const groups = {
    ivt101: await w.group(setup, { name: 'ИВТ-101', departmentId: departmentA, yearStartStudy: 2026 }),
    ivt102: await w.group(setup, { name: 'ИВТ-102', departmentId: departmentA, yearStartStudy: 2026 }),
    pi201: await w.group(setup, { name: 'ПИ-201', departmentId: departmentB, yearStartStudy: 2026 }),
    pi202: await w.group(setup, { name: 'ПИ-202', departmentId: departmentB, yearStartStudy: 2026 }),
  };
  for (const groupId of [groups.ivt101, groups.ivt102, groups.pi202]) await w.assignCalendar(groupId, yearId, calendarId);
  const subgroups = {
    first: await w.subgroup(groups.ivt101, 'Подгруппа 1', 13),
    second: await w.subgroup(groups.ivt101, 'Подгруппа 2', 12),
  };
  const slots = {
    pair1: await w.slot('DEFAULT', 1, '08:30', '10:00'),
    pair2: await w.slot('DEFAULT', 2, '10:10', '11:40'),
    saturday1: await w.slot('SATURDAY', 1, '09:00', '10:20'),
    saturday2: await w.slot('SATURDAY', 2, '10:30', '11:50'),
  };
  await w.manualGrid(
    'Сокращённый день',
    [
      [1, '08:00', '09:00'],
      [2, '09:10', '10:10'],
    ],
    ['2026-09-16'],
  );
  const teachers = { ivanov: await w.teacher('Иванов Иван Иванович'), petrova: await w.teacher('Петрова Анна Сергеевна') };
  const rooms = { r101: await w.classroom('101'), lab1: await w.classroom('Лаб-1') };
  const subjects = {
    math: await w.subject('Математика', departmentA),
    phys: await w.subject('Физика', departmentA),
    prog: await w.subject('Программирование', departmentB),
    hist: await w.subject('История', departmentA),
  };
  const published = { versionId: autumn.versionId, semesterId: autumn.id };
  const rules = {
    math: await w.rule({
      ...published,
      subjectId: subjects.math,
      lectureHours: 8,
      practiceHours: 4,
      groupIds: [groups.ivt101, groups.ivt102],
      slots: [
        { dayOfWeek: 2, timeSlotId: slots.pair1, teacherId: teachers.ivanov, classroomId: rooms.r101, lessonTypeId: 1 },
        { dayOfWeek: 3, parity: 'ODD', timeSlotId: slots.pair2, teacherId: teachers.petrova, classroomId: rooms.r101, lessonTypeId: 2, lessonFormat: 'Онлайн' },
      ],
    }),
    phys: await w.rule({
      ...published,
      subjectId: subjects.phys,
      laboratoryHours: 8,
      practiceHours: 2,
      practiceStartWeek: 2,
      groupIds: [groups.ivt101],
      slots: [
        { dayOfWeek: 4, timeSlotId: slots.pair1, teacherId: teachers.petrova, classroomId: rooms.lab1, lessonTypeId: 3, subgroupIds: [subgroups.first] },
        {
          dayOfWeek: 4,
          timeSlotId: slots.pair2,
          teacherId: teachers.petrova,
          classroomId: rooms.lab1,
          lessonTypeId: 3,
          subgroupIds: [subgroups.first, subgroups.second],
        },
        { dayOfWeek: 6, timeSlotId: slots.pair1, teacherId: teachers.ivanov, classroomId: rooms.r101, lessonTypeId: 2 },
      ],
    }),
    progNoCalendar: await w.rule({
      ...published,
      subjectId: subjects.prog,
      lectureHours: 4,
      groupIds: [groups.pi201],
      slots: [{ dayOfWeek: 1, timeSlotId: slots.pair1, teacherId: teachers.ivanov, classroomId: rooms.r101, lessonTypeId: 1 }],
    }),
    prog: await w.rule({
      ...published,
      subjectId: subjects.prog,
      lectureHours: 4,
      groupIds: [groups.pi202],
      slots: [{ dayOfWeek: 1, timeSlotId: slots.pair2, teacherId: teachers.ivanov, classroomId: rooms.lab1, lessonTypeId: 1 }],
    }),
    hist: await w.rule({
      ...published,
      subjectId: subjects.hist,
      lectureHours: 4,
      groupIds: [groups.ivt101],
      slots: [{ dayOfWeek: 5, timeSlotId: slots.pair1, teacherId: teachers.ivanov, classroomId: rooms.r101, lessonTypeId: 1 }],
    }),
    archivedRule: await w.rule({
      ...published,
      subjectId: subjects.hist,
      lectureHours: 4,
      groupIds: [groups.ivt101],
      archived: true,
      slots: [{ dayOfWeek: 5, timeSlotId: slots.pair2, teacherId: teachers.ivanov, classroomId: rooms.r101, lessonTypeId: 1 }],
    }),
  };
  const draftVersionId = await w.version(autumn.id, 2, 'DRAFT');
  const draftRule = await w.rule({
    versionId: draftVersionId,
    semesterId: autumn.id,
    subjectId: subjects.hist,
    lectureHours: 4,
    groupIds: [groups.ivt101],
    slots: [{ dayOfWeek: 1, timeSlotId: slots.pair1, teacherId: teachers.ivanov, classroomId: rooms.r101, lessonTypeId: 1 }],
  });
  return {
    departmentA,
    departmentB,
    setup,
    yearId,
    autumn,
    spring,
    calendarId,
    groups,
    subgroups,
    slots,
    teachers,
    rooms,
    subjects,
    rules,
    draftVersionId,
    draftRule,
  };
}

export type SmallUniversity = Awaited<ReturnType<typeof buildSmallUniversity>>;
