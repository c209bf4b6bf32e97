import { SemesterType } from './academic-dates';
import { departmentTheme, DepartmentTheme, personName, subjectName, TEACHER_JOB_TITLES } from './catalogue';
import { ParityNeed, Placement, preferredCells, SlotAllocator, SlotParity } from './slot-allocator';
import { UniversityScale } from './university-scale';

/**
 * The whole seeded university as plain data with positional references (index into the plan's
 * arrays); the seeder turns indexes into database ids. Deterministic: the same scale and start year
 * always give the same plan.
 */
export interface PlannedTeacher {
  department: number;
  username: string;
  fullName: string;
  jobTitle: string;
}

export interface PlannedGroup {
  department: number;
  course: number;
  yearStartStudy: number;
  name: string;
  size: number;
  /** The two laboratory subgroups' capacities (they add up to the size). */
  subgroupSizes: [number, number];
  stream: number;
}

export interface PlannedStream {
  department: number;
  course: number;
  groups: number[];
}

export type RoomKind = 'hall' | 'lab' | 'room';

export interface PlannedRoom {
  name: string;
  capacity: number;
  building: string;
  floor: number;
  kind: RoomKind;
}

export interface PlannedSubject {
  department: number;
  name: string;
  code: string;
}

export const LESSON_TYPE = { LECTURE: 1, PRACTICE: 2, LABORATORY: 3 } as const;
type LessonTypeId = (typeof LESSON_TYPE)[keyof typeof LESSON_TYPE];

export interface PlannedSlot {
  dayOfWeek: number;
  /** Pair number 1..6 = order number of the base-grid time slot. */
  pair: number;
  parity: SlotParity;
  teacher: number;
  room: number;
  lessonTypeId: LessonTypeId;
  /** Global subgroup indexes (group * 2 + 0|1); laboratory slots only. */
  subgroups: number[];
}

export interface PlannedRule {
  semester: SemesterType;
  subject: number;
  groups: number[];
  hours: { lecture: number; practice: number; laboratory: number };
  slots: PlannedSlot[];
}

/** Semester curriculum of one stream: its subjects in order. */
export interface PlannedCurriculum {
  department: number;
  course: number;
  semester: SemesterType;
  subjects: number[];
}

export interface UniversityPlan {
  themes: DepartmentTheme[];
  teachers: PlannedTeacher[];
  groups: PlannedGroup[];
  streams: PlannedStream[];
  rooms: PlannedRoom[];
  subjects: PlannedSubject[];
  /** [teacher, subject] pairs. */
  teacherSubjects: [number, number][];
  curricula: PlannedCurriculum[];
  rules: PlannedRule[];
}

const SEMESTERS: readonly SemesterType[] = ['autumn', 'spring'];
const GROUP_SIZE_MIN = 20;
const GROUP_SIZE_SPREAD = 9;

/** A small deterministic generator (mulberry32), so every run plans the same university. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function planGroups(scale: UniversityScale, startYear: number, themes: DepartmentTheme[]): { groups: PlannedGroup[]; streams: PlannedStream[] } {
  const next = random(startYear);
  const groups: PlannedGroup[] = [];
  const streams: PlannedStream[] = [];
  for (let department = 0; department < scale.departments; department++) {
    for (let course = 1; course <= scale.courses; course++) {
      const stream: PlannedStream = { department, course, groups: [] };
      const yearStartStudy = startYear - course + 1;
      for (let n = 1; n <= scale.groupsPerCourse; n++) {
        const size = GROUP_SIZE_MIN + Math.floor(next() * GROUP_SIZE_SPREAD);
        stream.groups.push(groups.length);
        groups.push({
          department,
          course,
          yearStartStudy,
          name: `${themes[department].abbreviation}-${String(yearStartStudy).slice(2)}${n}`,
          size,
          subgroupSizes: [Math.ceil(size / 2), Math.floor(size / 2)],
          stream: streams.length,
        });
      }
      streams.push(stream);
    }
  }
  return { groups, streams };
}

function planRooms(scale: UniversityScale): PlannedRoom[] {
  const { halls, labs, rooms } = scale.classrooms;
  const hallCapacity = Math.max(150, scale.groupsPerCourse * 30);
  const kinds: RoomKind[] = [...Array<RoomKind>(halls).fill('hall'), ...Array<RoomKind>(labs).fill('lab'), ...Array<RoomKind>(rooms).fill('room')];
  return kinds.map((kind, i) => {
    const building = 1 + (i % 4);
    const n = Math.floor(i / 4);
    const floor = 1 + Math.floor(n / 15);
    return {
      name: `${building}-${floor * 100 + (n % 15) + 1}`,
      capacity: kind === 'hall' ? hallCapacity : kind === 'lab' ? 16 : 30,
      building: `Корпус ${building}`,
      floor,
      kind,
    };
  });
}

/**
 * Curricula: subject i of a programme's course and semester is taught by department
 * (programme + i) mod D, so every programme studies its own subjects and its neighbours'; the subject
 * number within that department follows from course, semester and i, so no subject repeats within
 * one curriculum.
 */
function planCurricula(scale: UniversityScale, themes: DepartmentTheme[]): { subjects: PlannedSubject[]; curricula: PlannedCurriculum[] } {
  const perDepartment = Math.ceil(scale.subjectsPerSemester / scale.departments);
  const keyOf = (department: number, k: number) => department * 10_000 + k;
  const wanted: { department: number; course: number; semester: SemesterType; keys: number[] }[] = [];
  const used = new Set<number>();
  for (let department = 0; department < scale.departments; department++) {
    for (let course = 1; course <= scale.courses; course++) {
      SEMESTERS.forEach((semester, h) => {
        const keys: number[] = [];
        for (let i = 0; i < scale.subjectsPerSemester; i++) {
          const teaching = (department + i) % scale.departments;
          const key = keyOf(teaching, ((course - 1) * 2 + h) * perDepartment + Math.floor(i / scale.departments));
          keys.push(key);
          used.add(key);
        }
        wanted.push({ department, course, semester, keys });
      });
    }
  }
  const sorted = [...used].sort((a, b) => a - b);
  const indexOf = new Map(sorted.map((key, index) => [key, index]));
  const names = new Set<string>();
  const subjects = sorted.map((key) => {
    const department = Math.floor(key / 10_000);
    const k = key % 10_000;
    let name = subjectName(themes[department], k);
    while (names.has(name.toLowerCase())) name += '*';
    names.add(name.toLowerCase());
    return { department, name, code: `Б1.О.${String(department + 1).padStart(2, '0')}.${String(k + 1).padStart(2, '0')}` };
  });
  const curricula = wanted.map(({ keys, ...rest }) => ({ ...rest, subjects: keys.map((key) => indexOf.get(key) as number) }));
  return { subjects, curricula };
}

/**
 * Every teacher teaches two neighbouring subjects of their department (one of each semester when the
 * department has one subject per course and semester), and every subject has at least two teachers.
 */
function planTeacherSubjects(scale: UniversityScale, subjects: PlannedSubject[]): [number, number][] {
  const links: [number, number][] = [];
  const teachersCount = scale.teachersPerDepartment;
  for (let department = 0; department < scale.departments; department++) {
    const own = subjects.flatMap((subject, index) => (subject.department === department ? [index] : []));
    if (own.length === 0) continue;
    const pairs = new Set<string>();
    const link = (t: number, idx: number) => {
      const key = `${t}:${idx}`;
      if (pairs.has(key)) return;
      pairs.add(key);
      links.push([department * teachersCount + t, own[idx]]);
    };
    for (let t = 0; t < teachersCount; t++) {
      link(t, t % own.length);
      link(t, (t + 1) % own.length);
    }
    for (let idx = 0; idx < own.length; idx++) {
      link(idx % teachersCount, idx);
      link((idx + 1) % teachersCount, idx);
    }
  }
  return links.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** The hours a slot of `parity` uses up over `weeks` weeks (two per lesson). */
function hoursFor(parity: SlotParity, weeks: number): number {
  if (parity === 'BOTH') return 2 * weeks;
  return 2 * (parity === 'ODD' ? Math.ceil(weeks / 2) : Math.floor(weeks / 2));
}

class RulePlanner {
  readonly rules: PlannedRule[] = [];
  private readonly teachersOf = new Map<number, number[]>();

  constructor(
    private readonly scale: UniversityScale,
    private readonly plan: Pick<UniversityPlan, 'groups' | 'streams' | 'rooms' | 'teacherSubjects' | 'curricula' | 'subjects'>,
  ) {
    for (const [teacher, subject] of plan.teacherSubjects) this.teachersOf.set(subject, [...(this.teachersOf.get(subject) ?? []), teacher]);
  }

  planSemester(semester: SemesterType): void {
    const allocator = new SlotAllocator(
      this.plan.groups.length,
      this.scale.departments * this.scale.teachersPerDepartment,
      this.plan.rooms.map((room) => room.capacity),
    );
    const curricula = this.plan.streams.map(
      (stream) =>
        this.plan.curricula.find((c) => c.department === stream.department && c.course === stream.course && c.semester === semester) as PlannedCurriculum,
    );
    // Stream lectures first: they need one cell free for several groups at once.
    this.plan.streams.forEach((stream, s) => {
      const sizes = stream.groups.reduce((sum, group) => sum + this.plan.groups[group].size, 0);
      for (let i = 0; i < this.scale.streamLectures && i < curricula[s].subjects.length; i++) {
        const subject = curricula[s].subjects[i];
        const place = this.placeOrFail(allocator, subject, stream.groups, sizes, 'BOTH', s);
        this.rules.push({
          semester,
          subject,
          groups: stream.groups,
          hours: { lecture: hoursFor('BOTH', this.scale.semesterWeeks), practice: 0, laboratory: 0 },
          slots: [this.slot(place, 'BOTH', LESSON_TYPE.LECTURE)],
        });
      }
    });
    this.plan.streams.forEach((stream, s) => {
      for (const group of stream.groups) {
        curricula[s].subjects.forEach((subject, i) => this.planGroupRule(allocator, semester, subject, group, s, i));
      }
    });
  }

  /** A group's rule of one subject: practice (with lectures unless the stream has them) and labs for every other subject. */
  private planGroupRule(allocator: SlotAllocator, semester: SemesterType, subject: number, group: number, stream: number, i: number): void {
    const weeks = this.scale.semesterWeeks;
    const size = this.plan.groups[group].size;
    const rule: PlannedRule = { semester, subject, groups: [group], hours: { lecture: 0, practice: 0, laboratory: 0 }, slots: [] };
    if (i < this.scale.streamLectures) {
      const place = this.placeOrFail(allocator, subject, [group], size, 'EITHER', stream);
      rule.hours.practice = hoursFor(place.parity, weeks);
      rule.slots.push(this.slot(place, place.parity, LESSON_TYPE.PRACTICE));
    } else {
      // Lectures in odd weeks, practice in even ones, same cell, teacher and room.
      const place = this.placeOrFail(allocator, subject, [group], size, 'BOTH', stream);
      rule.hours.lecture = hoursFor('ODD', weeks);
      rule.hours.practice = hoursFor('EVEN', weeks);
      rule.slots.push(this.slot(place, 'ODD', LESSON_TYPE.LECTURE), this.slot(place, 'EVEN', LESSON_TYPE.PRACTICE));
    }
    if (i % 2 === 0) {
      // Labs: the first subgroup in odd weeks, the second in even ones.
      const [first, second] = this.plan.groups[group].subgroupSizes;
      const place = this.placeOrFail(allocator, subject, [group], Math.max(first, second), 'BOTH', stream);
      rule.hours.laboratory = hoursFor('BOTH', weeks);
      rule.slots.push(
        { ...this.slot(place, 'ODD', LESSON_TYPE.LABORATORY), subgroups: [group * 2] },
        { ...this.slot(place, 'EVEN', LESSON_TYPE.LABORATORY), subgroups: [group * 2 + 1] },
      );
    }
    this.rules.push(rule);
  }

  private slot(place: Placement, parity: SlotParity, lessonTypeId: LessonTypeId): PlannedSlot {
    return { dayOfWeek: place.dayOfWeek, pair: place.pair, parity, teacher: place.teacher, room: place.room, lessonTypeId, subgroups: [] };
  }

  private placeOrFail(allocator: SlotAllocator, subject: number, groups: number[], audienceSize: number, parity: ParityNeed, stream: number): Placement {
    const teachers = this.teachersOf.get(subject) ?? [];
    const place = allocator.place({ groups, teachers, audienceSize, parity, cells: preferredCells(stream, this.plan.streams[stream].course) });
    if (!place) {
      throw new Error(
        `cannot place «${this.plan.subjects[subject].name}» for ${groups.length} group(s) without a clash: ` +
          'the scale needs more teachers per department or more classrooms',
      );
    }
    return place;
  }
}

export function planUniversity(scale: UniversityScale, startYear: number): UniversityPlan {
  if (scale.departments < 1 || scale.courses < 1 || scale.courses > 8 || scale.groupsPerCourse < 1 || scale.teachersPerDepartment < 2) {
    throw new Error('a university needs at least one department, 1..8 courses, one group per course and two teachers per department');
  }
  const themes = Array.from({ length: scale.departments }, (_, d) => departmentTheme(d));
  const teachers: PlannedTeacher[] = [];
  for (let department = 0; department < scale.departments; department++) {
    for (let t = 0; t < scale.teachersPerDepartment; t++) {
      const n = teachers.length;
      teachers.push({
        department,
        username: `teacher${String(n + 1).padStart(3, '0')}`,
        fullName: personName(n),
        jobTitle: TEACHER_JOB_TITLES[n % TEACHER_JOB_TITLES.length],
      });
    }
  }
  const { groups, streams } = planGroups(scale, startYear, themes);
  const rooms = planRooms(scale);
  const { subjects, curricula } = planCurricula(scale, themes);
  const teacherSubjects = planTeacherSubjects(scale, subjects);
  const planner = new RulePlanner(scale, { groups, streams, rooms, teacherSubjects, curricula, subjects });
  for (const semester of scale.ruleSemesters) planner.planSemester(semester);
  return { themes, teachers, groups, streams, rooms, subjects, teacherSubjects, curricula, rules: planner.rules };
}
