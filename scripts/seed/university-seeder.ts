import { ClientBase } from 'pg';
import { PasswordHasher } from '../../src/platform/auth/password-hasher';
import { todayInBusinessZone } from '../../src/platform/http/dates';
import { academicDates, AcademicDates, calendarPeriods, currentAcademicStartYear, EXTRA_ACTIVITIES, SemesterType } from './academic-dates';
import { bool, bulkInsert, date, int, reserveIds, rows, text, time } from './bulk-sql';
import { PAIRS_PER_DAY } from './slot-allocator';
import { PlannedLesson, plannedLessons, planOverrides } from './override-plan';
import { personName } from './catalogue';
import { planUniversity, UniversityPlan } from './university-plan';
import { UniversityScale } from './university-scale';

/**
 * Seeds a whole university into one tenant database in a single transaction, by bulk SQL: the
 * structure (departments, people, programmes, groups with lab subgroups, rooms, subjects), academic
 * time (bell schedules, a year with two semesters and their published version 1, calendars with
 * teaching weeks, holidays and sessions, calendar assignments), clash-free schedule rules and one-off
 * changes of their lessons that keep the timetable clash-free.
 * `npm run demo` and `npm run bench:schedule` run the same code at different scales.
 */
export interface SeedOptions {
  scale: UniversityScale;
  /** Calendar year the academic year starts in; by default the academic year containing today. */
  startYear?: number;
  /** Password of every seeded user (hashed once). */
  password: string;
}

export interface SeededLogin {
  role: string;
  username: string;
  fullName: string;
  jobTitle: string;
  departmentName: string;
}

export interface SeededSemester {
  id: number;
  versionId: number;
  startDate: string;
  endDate: string;
  ruleCount: number;
}

export interface SeededGroup {
  id: number;
  name: string;
  departmentId: number;
  subgroupIds: [number, number];
}

export interface SeededUniversity {
  academicYear: { id: number; title: string; startDate: string; endDate: string };
  semesters: Record<SemesterType, SeededSemester>;
  departmentIds: number[];
  groups: SeededGroup[];
  teacherIds: number[];
  classroomIds: number[];
  subjectIds: number[];
  /** Base-grid slots by pair: index 0 is pair 1. */
  baseTimeSlotIds: number[];
  /** One seeded login per role (the administrator comes from the application's bootstrap). */
  logins: SeededLogin[];
  counts: { departments: number; users: number; teachers: number; groups: number; subgroups: number; classrooms: number; subjects: number; rules: number; ruleSlots: number };
  /** The one-off changes written (by action), and lessons without one, spread over the autumn semester (for benchmarks). */
  overrides: { CANCEL: number; MOVE: number; REPLACE: number; untouchedLessons: { baseRuleSlotId: number; lessonDate: string }[] };
}

/** The tenant already holds data the seeder would collide with. */
export class UniversityNotEmptyError extends Error {
  constructor(readonly found: string[]) {
    super(`the tenant database already has data: ${found.join(', ')}`);
  }
}

const BASE_GRID = [
  ['08:30', '10:00'], ['10:10', '11:40'], ['12:10', '13:40'], ['13:50', '15:20'], ['15:30', '17:00'], ['17:10', '18:40'],
] as const;
const SATURDAY_GRID = [['08:30', '09:50'], ['10:00', '11:20'], ['11:30', '12:50'], ['13:00', '14:20']] as const;
const EDUCATION_FORM = 'Очная';
const NO_PROFILE = 'Без профиля';
const FIRST_VERSION_NAME = 'Основное расписание';
const EQUIPMENT = ['Проектор', 'Интерактивная доска', 'Компьютеры'] as const;
const COMMENTS = { CANCEL: 'Занятие отменено', MOVE: 'Перенос по просьбе преподавателя', REPLACE: 'Замена на время командировки' } as const;
/** How many lessons without a change the seeder reports (the benchmark changes them). */
const UNTOUCHED_SAMPLE = 2000;
/** Department staff take names from further along the sequence than teachers, so nobody is named twice. */
const DEPARTMENT_STAFF_OFFSET = 5000;

/** What must be absent before seeding: the seeder owns the names, codes and the academic year it writes. */
async function assertEmpty(client: ClientBase): Promise<void> {
  const [counts] = await rows<Record<string, number>>(
    client,
    `SELECT (SELECT count(*) FROM departments)::int AS "departments",
            (SELECT count(*) FROM users WHERE role <> 'ADMIN')::int AS "users other than administrators",
            (SELECT count(*) FROM specialties)::int AS "specialties",
            (SELECT count(*) FROM education_forms)::int AS "education forms",
            (SELECT count(*) FROM study_groups)::int AS "groups",
            (SELECT count(*) FROM classrooms)::int AS "classrooms",
            (SELECT count(*) FROM subjects)::int AS "subjects",
            (SELECT count(*) FROM academic_years)::int AS "academic years",
            (SELECT count(*) FROM time_slots)::int AS "time slots"`,
  );
  const found = Object.entries(counts).flatMap(([what, count]) => (count > 0 ? [`${what}: ${count}`] : []));
  if (found.length > 0) throw new UniversityNotEmptyError(found);
}

export async function seedUniversity(client: ClientBase, options: SeedOptions): Promise<SeededUniversity> {
  const startYear = options.startYear ?? currentAcademicStartYear();
  const dates = academicDates(startYear, options.scale.semesterWeeks);
  const plan = planUniversity(options.scale, startYear);
  const passwordHash = await new PasswordHasher().hash(options.password);
  await client.query('BEGIN');
  try {
    await assertEmpty(client);
    const seeded = await new UniversityWriter(client, plan, dates, passwordHash, options.scale.overrides).write();
    await client.query('COMMIT');
    return seeded;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** Writes a plan table by table; ids come from each table's sequence before its rows are written. */
class UniversityWriter {
  private readonly ids = {
    departments: [] as number[],
    teachers: [] as number[],
    groups: [] as number[],
    subgroups: [] as number[],
    rooms: [] as number[],
    subjects: [] as number[],
    specialties: [] as number[],
    profiles: [] as number[],
    baseSlots: [] as number[],
    ruleSlots: [] as number[],
  };
  private adminId: number | null = null;
  /** The demo STUDENT's user id: placed in the first group once the groups exist (issue 55). */
  private studentId = 0;
  private formId = 0;
  private userCount = 0;

  constructor(
    private readonly client: ClientBase,
    private readonly plan: UniversityPlan,
    private readonly dates: AcademicDates,
    private readonly passwordHash: string,
    private readonly overrideCount: number,
  ) {}

  async write(): Promise<SeededUniversity> {
    const [admin] = await rows<{ id: number }>(this.client, `SELECT id FROM users WHERE role = 'ADMIN' AND status = 'ACTIVE' ORDER BY id LIMIT 1`);
    this.adminId = admin?.id ?? null;
    await this.writeTimeGrids();
    await this.writeDepartments();
    const logins = await this.writeUsers();
    await this.writeProgrammesAndGroups();
    await this.writeStudentGroup();
    await this.writeClassrooms();
    await this.writeSubjects();
    const year = await this.writeAcademicYear();
    await this.writeCalendars(year.id);
    const ruleSlots = await this.writeRules(year.semesters);
    const overrides = await this.writeOverrides(year.semesters);
    const semesters = Object.fromEntries(
      (['autumn', 'spring'] as const).map((type) => [
        type,
        { ...year.semesters[type], ...this.dates.semesters[type], ruleCount: this.plan.rules.filter((rule) => rule.semester === type).length },
      ]),
    ) as Record<SemesterType, SeededSemester>;
    return {
      academicYear: { id: year.id, title: this.dates.title, startDate: this.dates.yearStart, endDate: this.dates.yearEnd },
      semesters,
      departmentIds: this.ids.departments,
      groups: this.plan.groups.map((group, g) => ({
        id: this.ids.groups[g],
        name: group.name,
        departmentId: this.ids.departments[group.department],
        subgroupIds: [this.ids.subgroups[g * 2], this.ids.subgroups[g * 2 + 1]],
      })),
      teacherIds: this.ids.teachers,
      classroomIds: this.ids.rooms,
      subjectIds: this.ids.subjects,
      baseTimeSlotIds: this.ids.baseSlots,
      logins,
      counts: {
        departments: this.plan.themes.length,
        users: this.userCount,
        teachers: this.plan.teachers.length,
        groups: this.plan.groups.length,
        subgroups: this.plan.groups.length * 2,
        classrooms: this.plan.rooms.length,
        subjects: this.plan.subjects.length,
        rules: this.plan.rules.length,
        ruleSlots,
      },
      overrides,
    };
  }

  private async writeTimeGrids(): Promise<void> {
    const scopes = await rows<{ id: number; mode: string }>(
      this.client,
      `SELECT id, apply_mode AS mode FROM time_grid_scopes WHERE apply_mode IN ('DEFAULT', 'SATURDAY')`,
    );
    const scopeOf = (mode: string) => {
      const scope = scopes.find((row) => row.mode === mode);
      if (!scope) throw new Error(`the ${mode} time grid is missing`);
      return scope.id;
    };
    if (BASE_GRID.length !== PAIRS_PER_DAY) throw new Error('the base grid must have one slot per pair');
    this.ids.baseSlots = await reserveIds(this.client, 'time_slots', BASE_GRID.length);
    const saturdayIds = await reserveIds(this.client, 'time_slots', SATURDAY_GRID.length);
    const grid = [...BASE_GRID.map((slot, i) => ({ scope: scopeOf('DEFAULT'), order: i + 1, slot })), ...SATURDAY_GRID.map((slot, i) => ({ scope: scopeOf('SATURDAY'), order: i + 1, slot }))];
    await bulkInsert(this.client, 'time_slots', {
      id: int([...this.ids.baseSlots, ...saturdayIds]),
      scope_id: int(grid.map((row) => row.scope)),
      order_number: int(grid.map((row) => row.order)),
      start_time: time(grid.map((row) => row.slot[0])),
      end_time: time(grid.map((row) => row.slot[1])),
    });
  }

  private async writeDepartments(): Promise<void> {
    const themes = this.plan.themes;
    this.ids.departments = await reserveIds(this.client, 'departments', themes.length);
    await bulkInsert(this.client, 'departments', {
      id: int(this.ids.departments),
      name: text(themes.map((theme) => theme.department)),
      code: int(themes.map((_, d) => 101 + d)),
    });
  }

  /** Teachers, one DEPARTMENT user per department, and one user of each other role; all with a primary department. */
  private async writeUsers(): Promise<SeededLogin[]> {
    const plan = this.plan;
    const firstGroupDepartment = plan.groups[0].department;
    const staff = [
      { role: 'EDUCATION_OFFICE', username: 'office', fullName: 'Смирнова Ольга Викторовна', jobTitle: 'Специалист учебного отдела', department: 0 },
      { role: 'SCHEDULE_VIEWER', username: 'viewer', fullName: 'Павлов Игорь Сергеевич', jobTitle: 'Диспетчер', department: 0 },
      { role: 'STUDENT', username: 'student', fullName: 'Кузнецов Артём Андреевич', jobTitle: `Студент группы ${plan.groups[0].name}`, department: firstGroupDepartment },
      ...plan.themes.map((_, d) => ({
        role: 'DEPARTMENT',
        username: `department${d + 1}`,
        fullName: personName(DEPARTMENT_STAFF_OFFSET + d),
        jobTitle: 'Методист кафедры',
        department: d,
      })),
    ];
    const people = [
      ...plan.teachers.map((teacher) => ({ role: 'TEACHER', username: teacher.username, fullName: teacher.fullName, jobTitle: teacher.jobTitle, department: teacher.department })),
      ...staff,
    ];
    const userIds = await reserveIds(this.client, 'users', people.length);
    this.ids.teachers = userIds.slice(0, plan.teachers.length);
    await bulkInsert(this.client, 'users', {
      id: int(userIds),
      username: text(people.map((person) => person.username)),
      password_hash: text(people.map(() => this.passwordHash)),
      role: text(people.map((person) => person.role)),
      full_name: text(people.map((person) => person.fullName)),
      job_title: text(people.map((person) => person.jobTitle)),
    });
    // Everyone joined their department five years before the earlier of the seeded year and today.
    const since = `${Math.min(this.dates.startYear, currentAcademicStartYear()) - 5}-09-01`;
    await bulkInsert(this.client, 'user_department_assignments', {
      user_id: int(userIds),
      department_id: int(people.map((person) => this.ids.departments[person.department])),
      is_primary: bool(people.map(() => true)),
      valid_from: date(people.map(() => since)),
      comment: text(people.map(() => 'Демонстрационные данные')),
      created_by: int(people.map(() => this.adminId)),
    });

    this.userCount = people.length;
    this.studentId = userIds[people.findIndex((person) => person.role === 'STUDENT')];

    const login = (person: (typeof people)[number]): SeededLogin => ({
      role: person.role,
      username: person.username,
      fullName: person.fullName,
      jobTitle: person.jobTitle,
      departmentName: plan.themes[person.department].department,
    });
    const [office, viewer, student, firstDepartment] = staff;
    return [login(office), login(firstDepartment), login(viewer), login(people[this.busiestTeacher()]), login(student)];
  }

  /**
   * The teacher with the most rule slots in the semester that is on now (or comes next), so the
   * TEACHER login has a full timetable to look at.
   */
  private busiestTeacher(): number {
    const today = todayInBusinessZone();
    const current: SemesterType = today > this.dates.semesters.autumn.endDate ? 'spring' : 'autumn';
    const counts = new Array<number>(this.plan.teachers.length).fill(0);
    for (const rule of this.plan.rules) {
      if (rule.semester === current) for (const slot of rule.slots) counts[slot.teacher]++;
    }
    return counts.indexOf(Math.max(...counts));
  }

  /** The demo student belongs to the first group on their account, as the job title says. */
  private async writeStudentGroup(): Promise<void> {
    await this.client.query('INSERT INTO student_groups (user_id, group_id) VALUES ($1, $2)', [this.studentId, this.ids.groups[0]]);
  }

  private async writeProgrammesAndGroups(): Promise<void> {
    const { themes, groups } = this.plan;
    this.ids.specialties = await reserveIds(this.client, 'specialties', themes.length);
    await bulkInsert(this.client, 'specialties', {
      id: int(this.ids.specialties),
      name: text(themes.map((theme) => theme.specialtyName)),
      code: text(themes.map((theme) => theme.specialtyCode)),
    });
    // Every specialty has «Без профиля» (as the API creates it) and the named profile its groups study.
    const profileIds = await reserveIds(this.client, 'specialty_profiles', themes.length * 2);
    this.ids.profiles = themes.map((_, d) => profileIds[d * 2 + 1]);
    await bulkInsert(this.client, 'specialty_profiles', {
      id: int(profileIds),
      specialty_id: int(themes.flatMap((_, d) => [this.ids.specialties[d], this.ids.specialties[d]])),
      name: text(themes.flatMap((theme) => [NO_PROFILE, theme.profile])),
    });
    const [form] = await rows<{ id: number }>(this.client, `INSERT INTO education_forms (name) VALUES ($1) RETURNING id`, [EDUCATION_FORM]);
    this.formId = form.id;

    this.ids.groups = await reserveIds(this.client, 'study_groups', groups.length);
    await bulkInsert(this.client, 'study_groups', {
      id: int(this.ids.groups),
      name: text(groups.map((group) => group.name)),
      group_size: int(groups.map((group) => group.size)),
      education_form_id: int(groups.map(() => this.formId)),
      department_id: int(groups.map((group) => this.ids.departments[group.department])),
      year_start_study: int(groups.map((group) => group.yearStartStudy)),
      specialty_id: int(groups.map((group) => this.ids.specialties[group.department])),
      specialty_profile_id: int(groups.map((group) => this.ids.profiles[group.department])),
    });
    this.ids.subgroups = await reserveIds(this.client, 'subgroups', groups.length * 2);
    await bulkInsert(this.client, 'subgroups', {
      id: int(this.ids.subgroups),
      group_id: int(groups.flatMap((_, g) => [this.ids.groups[g], this.ids.groups[g]])),
      name: text(groups.flatMap(() => ['Подгруппа 1', 'Подгруппа 2'])),
      student_capacity: int(groups.flatMap((group) => group.subgroupSizes)),
    });
  }

  private async writeClassrooms(): Promise<void> {
    const rooms = this.plan.rooms;
    const equipmentIds = await reserveIds(this.client, 'equipments', EQUIPMENT.length);
    await bulkInsert(this.client, 'equipments', { id: int(equipmentIds), name: text([...EQUIPMENT]) });
    this.ids.rooms = await reserveIds(this.client, 'classrooms', rooms.length);
    await bulkInsert(this.client, 'classrooms', {
      id: int(this.ids.rooms),
      name: text(rooms.map((room) => room.name)),
      capacity: int(rooms.map((room) => room.capacity)),
      building: text(rooms.map((room) => room.building)),
      floor: int(rooms.map((room) => room.floor)),
    });
    // Halls: projector and board; labs: computers and projector; every other ordinary room: projector.
    const links = rooms.flatMap((room, r) => {
      const kit = room.kind === 'hall' ? [0, 1] : room.kind === 'lab' ? [2, 0] : r % 2 === 0 ? [0] : [];
      return kit.map((e) => [this.ids.rooms[r], equipmentIds[e]] as const);
    });
    await bulkInsert(this.client, 'classroom_equipments', {
      classroom_id: int(links.map((link) => link[0])),
      equipment_id: int(links.map((link) => link[1])),
    });
  }

  private async writeSubjects(): Promise<void> {
    const { subjects, teacherSubjects } = this.plan;
    this.ids.subjects = await reserveIds(this.client, 'subjects', subjects.length);
    await bulkInsert(this.client, 'subjects', {
      id: int(this.ids.subjects),
      name: text(subjects.map((subject) => subject.name)),
      code: text(subjects.map((subject) => subject.code)),
      department_id: int(subjects.map((subject) => this.ids.departments[subject.department])),
    });
    await bulkInsert(this.client, 'teacher_subjects', {
      user_id: int(teacherSubjects.map(([teacher]) => this.ids.teachers[teacher])),
      subject_id: int(teacherSubjects.map(([, subject]) => this.ids.subjects[subject])),
    });
  }

  private async writeAcademicYear(): Promise<{ id: number; semesters: Record<SemesterType, { id: number; versionId: number }> }> {
    const [year] = await rows<{ id: number }>(
      this.client,
      `INSERT INTO academic_years (title, start_date, end_date) VALUES ($1, $2, $3) RETURNING id`,
      [this.dates.title, this.dates.yearStart, this.dates.yearEnd],
    );
    const semesters = {} as Record<SemesterType, { id: number; versionId: number }>;
    for (const type of ['autumn', 'spring'] as const) {
      const period = this.dates.semesters[type];
      const [semester] = await rows<{ id: number }>(
        this.client,
        `INSERT INTO semesters (academic_year_id, semester_type, start_date, end_date) VALUES ($1, $2, $3, $4) RETURNING id`,
        [year.id, type, period.startDate, period.endDate],
      );
      const [version] = await rows<{ id: number }>(
        this.client,
        `INSERT INTO schedule_versions (semester_id, version_number, name, status, created_by, published_at, published_by)
         VALUES ($1, 1, $2, 'PUBLISHED', $3, now(), $3) RETURNING id`,
        [semester.id, FIRST_VERSION_NAME, this.adminId],
      );
      semesters[type] = { id: semester.id, versionId: version.id };
    }
    return { id: year.id, semesters };
  }

  /** One calendar per programme (its profile, the full-time form): teaching weeks, holidays, sessions; its curriculum; its groups. */
  private async writeCalendars(yearId: number): Promise<void> {
    const { themes, groups, curricula } = this.plan;
    // Codes someone already created are kept as they are.
    await bulkInsert(
      this.client,
      'activity_types',
      {
        code: text(EXTRA_ACTIVITIES.map((activity) => activity.code)),
        name: text(EXTRA_ACTIVITIES.map((activity) => activity.name)),
        allow_schedule: bool(EXTRA_ACTIVITIES.map(() => false)),
        color_code: text(EXTRA_ACTIVITIES.map((activity) => activity.colorCode)),
        display_order: int(EXTRA_ACTIVITIES.map((activity) => activity.displayOrder)),
      },
      'ON CONFLICT DO NOTHING',
    );
    const activities = await rows<{ id: number; code: string }>(this.client, `SELECT id, code FROM activity_types`);
    const periods = calendarPeriods(this.dates, this.courseCount(), new Map(activities.map((row) => [row.code, row.id])));

    const calendarIds = await reserveIds(this.client, 'academic_calendars', themes.length);
    await bulkInsert(this.client, 'academic_calendars', {
      id: int(calendarIds),
      academic_year_id: int(themes.map(() => yearId)),
      specialty_id: int(this.ids.specialties),
      specialty_profile_id: int(this.ids.profiles),
      study_form_id: int(themes.map(() => this.formId)),
      course_count: int(themes.map(() => this.courseCount())),
      title: text(themes.map((theme) => `${theme.specialtyCode} ${theme.profile}, ${EDUCATION_FORM}, ${this.dates.title}`)),
    });
    const allPeriods = calendarIds.flatMap((calendarId) => periods.map((period) => ({ calendarId, ...period })));
    await bulkInsert(this.client, 'academic_calendar_periods', {
      calendar_id: int(allPeriods.map((period) => period.calendarId)),
      course_number: int(allPeriods.map((period) => period.courseNumber)),
      start_date: date(allPeriods.map((period) => period.startDate)),
      end_date: date(allPeriods.map((period) => period.endDate)),
      activity_type_id: int(allPeriods.map((period) => period.activityTypeId)),
    });
    const bound = curricula.flatMap((curriculum) =>
      curriculum.subjects.map((subject) => ({
        calendarId: calendarIds[curriculum.department],
        semesterNumber: (curriculum.course - 1) * 2 + (curriculum.semester === 'autumn' ? 1 : 2),
        subjectId: this.ids.subjects[subject],
      })),
    );
    await bulkInsert(this.client, 'academic_calendar_subjects', {
      calendar_id: int(bound.map((item) => item.calendarId)),
      semester_number: int(bound.map((item) => item.semesterNumber)),
      subject_id: int(bound.map((item) => item.subjectId)),
    });
    await bulkInsert(this.client, 'group_calendar_assignments', {
      group_id: int(this.ids.groups),
      academic_year_id: int(groups.map(() => yearId)),
      calendar_id: int(groups.map((group) => calendarIds[group.department])),
    });
  }

  private courseCount(): number {
    return Math.max(...this.plan.groups.map((group) => group.course));
  }

  private async writeRules(semesters: Record<SemesterType, { id: number; versionId: number }>): Promise<number> {
    const rules = this.plan.rules;
    const ruleIds = await reserveIds(this.client, 'schedule_rules', rules.length);
    await bulkInsert(this.client, 'schedule_rules', {
      id: int(ruleIds),
      schedule_version_id: int(rules.map((rule) => semesters[rule.semester].versionId)),
      semester_id: int(rules.map((rule) => semesters[rule.semester].id)),
      subject_id: int(rules.map((rule) => this.ids.subjects[rule.subject])),
      lecture_hours: int(rules.map((rule) => rule.hours.lecture)),
      laboratory_hours: int(rules.map((rule) => rule.hours.laboratory)),
      practice_hours: int(rules.map((rule) => rule.hours.practice)),
      created_by: int(rules.map(() => this.adminId)),
    });
    const ruleGroups = rules.flatMap((rule, r) => rule.groups.map((group) => [ruleIds[r], this.ids.groups[group]] as const));
    await bulkInsert(this.client, 'schedule_rule_groups', {
      rule_id: int(ruleGroups.map((row) => row[0])),
      group_id: int(ruleGroups.map((row) => row[1])),
    });
    const slots = rules.flatMap((rule, r) => rule.slots.map((slot) => ({ ruleId: ruleIds[r], ...slot })));
    const slotIds = await reserveIds(this.client, 'schedule_rule_slots', slots.length);
    this.ids.ruleSlots = slotIds;
    await bulkInsert(this.client, 'schedule_rule_slots', {
      id: int(slotIds),
      rule_id: int(slots.map((slot) => slot.ruleId)),
      day_of_week: int(slots.map((slot) => slot.dayOfWeek)),
      parity: text(slots.map((slot) => slot.parity)),
      time_slot_id: int(slots.map((slot) => this.ids.baseSlots[slot.pair - 1])),
      teacher_id: int(slots.map((slot) => this.ids.teachers[slot.teacher])),
      classroom_id: int(slots.map((slot) => this.ids.rooms[slot.room])),
      lesson_type_id: int(slots.map((slot) => slot.lessonTypeId)),
      lesson_format: text(slots.map(() => 'Очно')),
    });
    const slotSubgroups = slots.flatMap((slot, s) => slot.subgroups.map((subgroup) => [slotIds[s], this.ids.subgroups[subgroup]] as const));
    await bulkInsert(this.client, 'schedule_rule_slot_subgroups', {
      slot_id: int(slotSubgroups.map((row) => row[0])),
      subgroup_id: int(slotSubgroups.map((row) => row[1])),
    });
    return slots.length;
  }

  /** The scale's one-off changes (see override-plan.ts), made by the administrator, in the published versions. */
  private async writeOverrides(semesters: Record<SemesterType, { id: number; versionId: number }>): Promise<SeededUniversity['overrides']> {
    const planned = planOverrides(this.plan, this.dates, this.overrideCount);
    const slotId = (lesson: PlannedLesson) => this.ids.ruleSlots[lesson.slot];
    await bulkInsert(this.client, 'schedule_overrides', {
      schedule_version_id: int(planned.map((o) => semesters[o.lesson.semester].versionId)),
      base_rule_slot_id: int(planned.map((o) => slotId(o.lesson))),
      lesson_date: date(planned.map((o) => o.lesson.date)),
      action: text(planned.map((o) => o.action)),
      target_lesson_date: date(planned.map((o) => (o.action === 'MOVE' ? o.targetDate : null))),
      new_time_slot_id: int(planned.map((o) => (o.action === 'MOVE' ? this.ids.baseSlots[o.newPair - 1] : null))),
      new_teacher_id: int(planned.map((o) => (o.action === 'REPLACE' && o.newTeacher !== undefined ? this.ids.teachers[o.newTeacher] : null))),
      new_lesson_format: text(planned.map((o) => (o.action === 'REPLACE' ? (o.newFormat ?? null) : null))),
      comment: text(planned.map((o) => COMMENTS[o.action])),
      created_by: int(planned.map(() => this.adminId)),
      updated_by: int(planned.map(() => this.adminId)),
    });
    const changed = new Set(planned.map((o) => `${o.lesson.slot}:${o.lesson.date}`));
    const untouched = plannedLessons(this.plan, this.dates).filter(
      (lesson) => lesson.semester === 'autumn' && !changed.has(`${lesson.slot}:${lesson.date}`),
    );
    const sample = Math.min(UNTOUCHED_SAMPLE, untouched.length);
    return {
      CANCEL: planned.filter((o) => o.action === 'CANCEL').length,
      MOVE: planned.filter((o) => o.action === 'MOVE').length,
      REPLACE: planned.filter((o) => o.action === 'REPLACE').length,
      untouchedLessons: Array.from({ length: sample }, (_, i) => untouched[Math.floor(((i + 0.5) * untouched.length) / sample)]).map((lesson) => ({
        baseRuleSlotId: slotId(lesson),
        lessonDate: lesson.date,
      })),
    };
  }
}
