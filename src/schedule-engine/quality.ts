import { AudienceMember } from './conflicts';
import { PreferenceType } from './preference-types';

/**
 * Quality scoring of a timetable (spec 2 "Quality report", 4.12). Every penalty belongs to one actual
 * lesson; the report sums them per metric and per rule. Weights and thresholds are named here and
 * documented in docs/decisions.md ("Schedule quality").
 */

/** Penalty per empty pair between two lessons of a group on one day. */
export const GROUP_GAP_PENALTY = 3;
/** Penalty per empty pair between two lessons of a teacher on one day. */
export const TEACHER_GAP_PENALTY = 2;
/** Pairs a group may have on one day before the day counts as overloaded. */
export const GROUP_DAY_LIMIT = 4;
/** Penalty per pair of a group beyond `GROUP_DAY_LIMIT`. */
export const GROUP_OVERLOAD_PENALTY = 4;
/** Pairs a teacher may have on one day before the day counts as overloaded. */
export const TEACHER_DAY_LIMIT = 5;
/** Penalty per pair of a teacher beyond `TEACHER_DAY_LIMIT`. */
export const TEACHER_OVERLOAD_PENALTY = 3;
/** Penalty per in-person lesson whose classroom has fewer seats than its audience. */
export const CAPACITY_SHORTAGE_PENALTY = 10;
/** A classroom is oversized when it has at least this many times the seats of the audience... */
export const ROOM_OVERSIZE_RATIO = 3;
/** ...and at least this many seats stay empty (a 10-seat room for 3 students is not a problem). */
export const ROOM_OVERSIZE_MIN_EMPTY_SEATS = 30;
/** Penalty per in-person lesson in an oversized classroom. */
export const ROOM_OVERSIZED_PENALTY = 2;
/** Penalty per broken soft wish (a lesson at an unwanted time, outside preferred pairs, a window on a no-gaps day). */
export const SOFT_WISH_PENALTY = 3;
/** Penalty per lesson at a time its teacher is approved as unavailable (hard). */
export const HARD_UNAVAILABLE_PENALTY = 25;
/** Pairs a group's busiest day of a week may exceed its even share before the week counts as uneven. */
export const UNEVEN_TOLERANCE_PAIRS = 1;
/** Penalty per pair of a group's day beyond its even share plus `UNEVEN_TOLERANCE_PAIRS`. */
export const UNEVEN_WEEK_PENALTY = 1;
/**
 * Penalty per lesson in the last pair of the base grid's day (issue 54 §3). 0 by default: the report
 * never priced it, and a university's totals must not change until its office asks for the term.
 */
export const LAST_PAIR_PENALTY = 0;
/** Study days a group's week may have before each further day counts (a five-day week; Saturday is the extra). */
export const GROUP_WEEK_DAYS = 5;
/** Study days a teacher's week may have before each further day counts. */
export const TEACHER_WEEK_DAYS = 5;
/** Penalties per day of a week beyond those limits: 0 by default, for the reason of `LAST_PAIR_PENALTY`. */
export const GROUP_EXTRA_DAY_PENALTY = 0;
export const TEACHER_EXTRA_DAY_PENALTY = 0;

/**
 * A university's own weights of the report's penalties and its day limits (issue 54 §3), set in
 * «Правила хорошего расписания»; the constants above are the defaults. The report, the
 * recommendations and the solver all read the same ones, so their figures agree.
 */
export interface QualityWeights {
  groupGap: number;
  teacherGap: number;
  groupDayLimit: number;
  groupOverload: number;
  teacherDayLimit: number;
  teacherOverload: number;
  capacityShortage: number;
  roomOversized: number;
  softWish: number;
  unevenWeek: number;
  /** Per lesson in the day's last pair. */
  lastPair: number;
  /** Study days a week without penalty, and the penalty per further day (groups, teachers). */
  groupWeekDays: number;
  groupExtraDay: number;
  teacherWeekDays: number;
  teacherExtraDay: number;
}

export const DEFAULT_QUALITY_WEIGHTS: QualityWeights = {
  groupGap: GROUP_GAP_PENALTY,
  teacherGap: TEACHER_GAP_PENALTY,
  groupDayLimit: GROUP_DAY_LIMIT,
  groupOverload: GROUP_OVERLOAD_PENALTY,
  teacherDayLimit: TEACHER_DAY_LIMIT,
  teacherOverload: TEACHER_OVERLOAD_PENALTY,
  capacityShortage: CAPACITY_SHORTAGE_PENALTY,
  roomOversized: ROOM_OVERSIZED_PENALTY,
  softWish: SOFT_WISH_PENALTY,
  unevenWeek: UNEVEN_WEEK_PENALTY,
  lastPair: LAST_PAIR_PENALTY,
  groupWeekDays: GROUP_WEEK_DAYS,
  groupExtraDay: GROUP_EXTRA_DAY_PENALTY,
  teacherWeekDays: TEACHER_WEEK_DAYS,
  teacherExtraDay: TEACHER_EXTRA_DAY_PENALTY,
};

/**
 * What only the solver reads of the university's rules (issue 54 §3): whether a room smaller than its
 * lesson's students is closed to the lesson (hard, the default) or only costs the report's penalty;
 * whether teachers' unwanted times are closed too; and what moving one placed lesson costs in REPAIR
 * (above a window and a wish, so a lesson moves only to remove more than it costs).
 */
export interface SolverRules {
  roomTooSmallHard: boolean;
  preferencesHard: boolean;
  movedLesson: number;
}

export const DEFAULT_SOLVER_RULES: SolverRules = { roomTooSmallHard: true, preferencesHard: false, movedLesson: 10 };

/** The weights the facts carry, or the defaults. */
export function weightsOf(facts: Pick<QualityFacts, 'weights'>): QualityWeights {
  return facts.weights ?? DEFAULT_QUALITY_WEIGHTS;
}
/**
 * The penalty that costs the score one lesson: the lightest whole problem the report lists (a teacher's
 * window, a hall three times too big for its group). score = 100 × (1 − rawPenalty / (this × lessonCount)),
 * at least 0: the share of lessons the problems spoil, a heavier problem spoiling more than one.
 */
export const LOST_LESSON_PENALTY = 2;
/** What the score means, for the report and the API's description. */
export const SCORE_EXPLANATION =
  `Доля занятий, которые не испорчены проблемами: 100 × (1 − сумма штрафов / (${LOST_LESSON_PENALTY} × число занятий)), с одним знаком ` +
  `после запятой, не меньше 0. Каждые ${LOST_LESSON_PENALTY} балла штрафа считаются одним потерянным занятием (так весит окно у ` +
  'преподавателя или слишком большая аудитория), более тяжёлая проблема — несколькими; 100 — штрафов нет';
/** A problem (one rule) is MEDIUM from this penalty on; HIGH when it breaks hard unavailability or capacity. */
export const MEDIUM_SEVERITY_PENALTY = 10;

export const QUALITY_METRIC_CODES = [
  'GROUP_GAPS',
  'TEACHER_GAPS',
  'GROUP_OVERLOAD',
  'TEACHER_OVERLOAD',
  'CAPACITY_SHORTAGE',
  'ROOM_OVERSIZED',
  'SOFT_PREFERENCES',
  'HARD_UNAVAILABILITY',
  'UNEVEN_WEEK',
  'LAST_PAIRS',
  'GROUP_EXTRA_DAYS',
  'TEACHER_EXTRA_DAYS',
] as const;
export type QualityMetricCode = (typeof QUALITY_METRIC_CODES)[number];

/** What one penalty of one lesson is about (a problem's `problemTypes`). */
export const QUALITY_PROBLEM_TYPES = [
  'GROUP_GAP',
  'TEACHER_GAP',
  'GROUP_OVERLOAD',
  'TEACHER_OVERLOAD',
  'CAPACITY_SHORTAGE',
  'ROOM_OVERSIZED',
  'SOFT_PREFERENCE',
  'HARD_UNAVAILABLE',
  'UNEVEN_WEEK',
  'LAST_PAIR',
  'GROUP_EXTRA_DAY',
  'TEACHER_EXTRA_DAY',
] as const;
export type QualityProblemType = (typeof QUALITY_PROBLEM_TYPES)[number];

const METRIC_OF: Record<QualityProblemType, QualityMetricCode> = {
  GROUP_GAP: 'GROUP_GAPS',
  TEACHER_GAP: 'TEACHER_GAPS',
  GROUP_OVERLOAD: 'GROUP_OVERLOAD',
  TEACHER_OVERLOAD: 'TEACHER_OVERLOAD',
  CAPACITY_SHORTAGE: 'CAPACITY_SHORTAGE',
  ROOM_OVERSIZED: 'ROOM_OVERSIZED',
  SOFT_PREFERENCE: 'SOFT_PREFERENCES',
  HARD_UNAVAILABLE: 'HARD_UNAVAILABILITY',
  UNEVEN_WEEK: 'UNEVEN_WEEK',
  LAST_PAIR: 'LAST_PAIRS',
  GROUP_EXTRA_DAY: 'GROUP_EXTRA_DAYS',
  TEACHER_EXTRA_DAY: 'TEACHER_EXTRA_DAYS',
};

/** The report's words for each metric, with the university's weights in them. */
export function metricTexts(w: QualityWeights = DEFAULT_QUALITY_WEIGHTS): Record<QualityMetricCode, { label: string; unit: string; explanation: string }> {
  return {
    GROUP_GAPS: {
      label: 'Окна у групп',
      unit: 'пар',
      explanation: `Пустые пары между занятиями группы в один день (у подгрупп — в среднем по подгруппам); ${w.groupGap} балла за пару`,
    },
    TEACHER_GAPS: {
      label: 'Окна у преподавателей',
      unit: 'пар',
      explanation: `Пустые пары между занятиями преподавателя в один день; ${w.teacherGap} балла за пару`,
    },
    GROUP_OVERLOAD: {
      label: 'Перегруженные дни групп',
      unit: 'пар',
      explanation: `Пары группы сверх ${w.groupDayLimit} в один день; ${w.groupOverload} балла за пару`,
    },
    TEACHER_OVERLOAD: {
      label: 'Перегруженные дни преподавателей',
      unit: 'пар',
      explanation: `Пары преподавателя сверх ${w.teacherDayLimit} в один день; ${w.teacherOverload} балла за пару`,
    },
    CAPACITY_SHORTAGE: {
      label: 'Аудитория меньше состава занятия',
      unit: 'занятий',
      explanation: `Очные занятия, на которые в аудитории не хватает мест; ${w.capacityShortage} баллов за занятие`,
    },
    ROOM_OVERSIZED: {
      label: 'Аудитория слишком велика',
      unit: 'занятий',
      explanation:
        `Очные занятия в аудитории, где мест не меньше чем в ${ROOM_OVERSIZE_RATIO} раза больше, чем студентов, и пустует не меньше ` +
        `${ROOM_OVERSIZE_MIN_EMPTY_SEATS} мест; ${w.roomOversized} балла за занятие`,
    },
    SOFT_PREFERENCES: {
      label: 'Нарушенные пожелания преподавателей',
      unit: 'нарушений',
      explanation:
        'Утверждённые мягкие пожелания: занятие в нежелательное время, занятие вне предпочтительных пар дня, окно в день с пожеланием ' +
        `«без окон» или «подряд»; ${w.softWish} балла за нарушение`,
    },
    HARD_UNAVAILABILITY: {
      label: 'Занятия в недоступное время преподавателя',
      unit: 'занятий',
      explanation: `Занятия во время, утверждённое как недоступное для преподавателя; ${HARD_UNAVAILABLE_PENALTY} баллов за занятие`,
    },
    UNEVEN_WEEK: {
      label: 'Неравномерная нагрузка по неделе',
      unit: 'пар',
      explanation:
        'Пары самого загруженного дня группы сверх равной доли недели (пары недели / учебные дни недели, с округлением вверх) ' +
        `и допуска ${UNEVEN_TOLERANCE_PAIRS}; ${w.unevenWeek} балл за пару`,
    },
    LAST_PAIRS: {
      label: 'Занятия на последней паре дня',
      unit: 'занятий',
      explanation: `Занятия на последней паре основной сетки звонков; ${w.lastPair} баллов за занятие`,
    },
    GROUP_EXTRA_DAYS: {
      label: 'Дней в неделю у групп',
      unit: 'дней',
      explanation:
        `Учебные дни группы в неделе сверх ${w.groupWeekDays} (у подгрупп — в среднем по подгруппам); ${w.groupExtraDay} баллов за день`,
    },
    TEACHER_EXTRA_DAYS: {
      label: 'Дней в неделю у преподавателей',
      unit: 'дней',
      explanation: `Учебные дни преподавателя в неделе сверх ${w.teacherWeekDays}; ${w.teacherExtraDay} баллов за день`,
    },
  };
}

/** What the scoring reads of a lesson; the core's `ActualLesson` has it all. */
export interface QualityLesson {
  ruleId: number;
  /** The base rule slot. */
  slotId: number;
  date: string;
  dayOfWeek: number;
  weekNumber: number;
  /** The pair's number in the bell schedule of the date. */
  timeSlotOrder: number;
  teacherId: number;
  classroomId: number;
  audience: AudienceMember[];
  slot: { lessonFormat: string };
  rule: { subjectName: string };
  /** Present for a lesson changed by a one-off change (it pins the lesson). */
  override?: { scheduleOverrideId: number; originalLessonDate: string };
}


/**
 * An approved teacher preference: a weekly pair (`dayOfWeek` + `pairOrder`, the base pair's number), a
 * whole date, or (CONSECUTIVE, NO_GAPS) one weekday or, with neither, the whole semester.
 */
export interface TeacherWish {
  teacherId: number;
  type: PreferenceType;
  dayOfWeek: number | null;
  pairOrder: number | null;
  date: string | null;
}

/** Everything besides the lessons: sizes, seats, wishes and names for the labels. */
export interface QualityFacts {
  classrooms: ReadonlyMap<number, { name: string; capacity: number }>;
  groups: ReadonlyMap<number, { name: string; size: number }>;
  subgroups: ReadonlyMap<number, { name: string; size: number }>;
  teachers: ReadonlyMap<number, { name: string }>;
  wishes: readonly TeacherWish[];
  /** The university's weights (issue 54 §3); absent: the defaults. */
  weights?: QualityWeights;
  /** The number of the base grid's last pair (LAST_PAIRS); absent: the term counts nothing. */
  lastPairOrder?: number;
  /** The solver's own part of those rules; absent: the defaults. */
  solverRules?: SolverRules;
}

/** One penalty of one lesson. */
export interface LessonPenalty<L extends QualityLesson = QualityLesson> {
  lesson: L;
  type: QualityProblemType;
  penalty: number;
  /** How much of the metric's value it is (pairs, lessons or wishes). */
  amount: number;
  /** A short Russian label without a date, so weekly repeats collapse into one issue label. */
  label: string;
}

export interface QualityMetric {
  code: QualityMetricCode;
  label: string;
  value: number;
  unit: string;
  penalty: number;
  explanation: string;
}

export interface QualityAnalysis<L extends QualityLesson = QualityLesson> {
  lessonCount: number;
  rawPenalty: number;
  score: number;
  metrics: QualityMetric[];
  penalties: LessonPenalty<L>[];
}

/** Scores the lessons (every lesson of the version or, for a local comparison, the lessons around a change). */
export function analyseQuality<L extends QualityLesson>(lessons: readonly L[], facts: QualityFacts): QualityAnalysis<L> {
  const penalties: LessonPenalty<L>[] = [];
  const add = (lesson: L, type: QualityProblemType, penalty: number, amount: number, label: string) => {
    if (penalty > 0) penalties.push({ lesson, type, penalty, amount, label });
  };
  const names = new Names(facts);
  const w = weightsOf(facts);
  const days = new DayBuckets(lessons);
  groupDayPenalties(days, names, w, add);
  teacherDayPenalties(days, facts, names, w, add);
  for (const lesson of lessons) roomPenalties(lesson, facts, names, w, add);
  wishPenalties(lessons, facts, names, w, add);
  unevenWeekPenalties(days, names, w, add);
  lastPairPenalties(lessons, facts.lastPairOrder, w, add);
  extraDayPenalties(days, names, w, add);

  let rawPenalty = 0;
  for (const item of penalties) rawPenalty += item.penalty;
  rawPenalty = round(rawPenalty);
  return { lessonCount: lessons.length, rawPenalty, score: scoreOf(rawPenalty, lessons.length), metrics: metricsOf(penalties, w), penalties };
}

/**
 * The score, one decimal: 100 without penalties, then 100 minus the percentage of lessons lost, each
 * `LOST_LESSON_PENALTY` of penalty counting as one lesson; never below 0. The report, the solver's
 * live estimate and (through `exactScore`) a recommendation's score change all use it.
 */
export function scoreOf(rawPenalty: number, lessonCount: number): number {
  return Math.round(exactScore(rawPenalty, lessonCount) * 10) / 10;
}

/** `scoreOf` before rounding. */
export function exactScore(rawPenalty: number, lessonCount: number): number {
  if (lessonCount === 0) return 100;
  return Math.max(0, 100 * (1 - rawPenalty / (LOST_LESSON_PENALTY * lessonCount)));
}

export function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function metricsOf(penalties: readonly LessonPenalty[], w: QualityWeights): QualityMetric[] {
  const texts = metricTexts(w);
  const totals = new Map<QualityMetricCode, { value: number; penalty: number }>(QUALITY_METRIC_CODES.map((code) => [code, { value: 0, penalty: 0 }]));
  for (const item of penalties) {
    const total = totals.get(METRIC_OF[item.type]) as { value: number; penalty: number };
    total.value += item.amount;
    total.penalty += item.penalty;
  }
  return QUALITY_METRIC_CODES.map((code) => {
    const total = totals.get(code) as { value: number; penalty: number };
    return { code, ...texts[code], value: round(total.value), penalty: round(total.penalty) };
  });
}

type Add<L> = (lesson: L, type: QualityProblemType, penalty: number, amount: number, label: string) => void;

class Names {
  constructor(private readonly facts: QualityFacts) {}
  group(id: number): string {
    return `«${this.facts.groups.get(id)?.name ?? `№${id}`}»`;
  }
  teacher(id: number): string {
    return `«${this.facts.teachers.get(id)?.name ?? `№${id}`}»`;
  }
  classroom(id: number): string {
    return `«${this.facts.classrooms.get(id)?.name ?? `№${id}`}»`;
  }
}

/** Room for pair numbers in a sort key (pairs are numbered 1..20). */
const PAIR_SLOTS = 32;

/**
 * Lessons of one kind of owner (groups or teachers) laid out day by day: one array sorted by owner,
 * day and pair, and where each owner's day starts. A whole version has ~70,000 lessons; one sorted
 * array instead of a list per owner and day keeps the garbage (and the collector's time) small.
 */
class DayRuns<L extends QualityLesson> {
  readonly sorted: L[];
  /** Run r covers sorted[starts[r] .. starts[r + 1]). */
  readonly starts: number[] = [];
  readonly owners: number[] = [];

  constructor(entries: { owner: number; day: number; lesson: L }[]) {
    const keys = new Float64Array(entries.length);
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index];
      keys[index] = (entry.owner * 4096 + entry.day) * PAIR_SLOTS + entry.lesson.timeSlotOrder;
    }
    const order = new Uint32Array(entries.length);
    for (let index = 0; index < order.length; index++) order[index] = index;
    order.sort((a, b) => keys[a] - keys[b] || a - b);
    this.sorted = new Array<L>(entries.length);
    let previousDay = -1;
    for (let index = 0; index < order.length; index++) {
      const entry = entries[order[index]];
      this.sorted[index] = entry.lesson;
      const ownerDay = Math.floor(keys[order[index]] / PAIR_SLOTS);
      if (ownerDay !== previousDay) {
        this.starts.push(index);
        this.owners.push(entry.owner);
        previousDay = ownerDay;
      }
    }
    this.starts.push(entries.length);
  }

  get count(): number {
    return this.owners.length;
  }
}

/** The version's lessons by group and day, by teacher and day, and the study days of each week. */
class DayBuckets<L extends QualityLesson> {
  readonly groups: DayRuns<L>;
  readonly teachers: DayRuns<L>;
  /** Days with any lesson, by week. */
  readonly studyDays = new Map<number, Set<number>>();
  private readonly dayNumbers = new Map<string, number>();

  constructor(lessons: readonly L[]) {
    const groupEntries: { owner: number; day: number; lesson: L }[] = [];
    const teacherEntries: { owner: number; day: number; lesson: L }[] = [];
    for (const lesson of lessons) {
      const day = this.dayOf(lesson.date);
      let week = this.studyDays.get(lesson.weekNumber);
      if (!week) this.studyDays.set(lesson.weekNumber, (week = new Set()));
      week.add(day);
      const { audience } = lesson;
      for (let index = 0; index < audience.length; index++) {
        if (!repeatsGroup(audience, index)) groupEntries.push({ owner: audience[index].groupId, day, lesson });
      }
      teacherEntries.push({ owner: lesson.teacherId, day, lesson });
    }
    this.groups = new DayRuns(groupEntries);
    this.teachers = new DayRuns(teacherEntries);
  }

  /** A number per date (in order of first appearance). */
  private dayOf(date: string): number {
    let day = this.dayNumbers.get(date);
    if (day === undefined) this.dayNumbers.set(date, (day = this.dayNumbers.size));
    return day;
  }
}

function repeatsGroup(audience: readonly { groupId: number }[], index: number): boolean {
  for (let other = 0; other < index; other++) if (audience[other].groupId === audience[index].groupId) return true;
  return false;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Distinct pairs of sorted[start .. end) (sorted by pair). */
function pairCount(sorted: readonly QualityLesson[], start: number, end: number): number {
  let count = 0;
  for (let index = start; index < end; index++) if (index === start || sorted[index].timeSlotOrder !== sorted[index - 1].timeSlotOrder) count++;
  return count;
}

/**
 * Each window of sorted[start .. end) with its length and the lessons it is charged to: those next to
 * it on the side with fewer pairs (on a tie, after it). Moving one of them into the window is what can
 * close it without opening another, so the problem's lesson is one a recommendation can help.
 */
function forEachGap<L extends QualityLesson>(sorted: readonly L[], start: number, end: number, visit: (pairs: number, charged: L[]) => void): void {
  const total = pairCount(sorted, start, end);
  let before = 1;
  for (let index = start + 1; index < end; index++) {
    const empty = sorted[index].timeSlotOrder - sorted[index - 1].timeSlotOrder - 1;
    if (empty > 0) visit(empty, before < total - before ? atPairEndingAt(sorted, index - 1, start) : atPair(sorted, index, end));
    if (sorted[index].timeSlotOrder !== sorted[index - 1].timeSlotOrder) before++;
  }
}

/** The run of lessons ending at `index` that share its pair. */
function atPairEndingAt<L extends QualityLesson>(sorted: readonly L[], index: number, start: number): L[] {
  let first = index;
  while (first > start && sorted[first - 1].timeSlotOrder === sorted[index].timeSlotOrder) first--;
  return sorted.slice(first, index + 1);
}

/** The lessons of each pair beyond the first `limit` pairs of sorted[start .. end). */
function forEachBeyond<L extends QualityLesson>(sorted: readonly L[], start: number, end: number, limit: number, visit: (at: L[]) => void): void {
  let pairs = 0;
  for (let index = start; index < end; index++) {
    if (index > start && sorted[index].timeSlotOrder === sorted[index - 1].timeSlotOrder) continue;
    if (++pairs > limit) visit(atPair(sorted, index, end));
  }
}

/** The run of lessons starting at `index` that share its pair. */
function atPair<L extends QualityLesson>(sorted: readonly L[], index: number, end: number): L[] {
  let last = index + 1;
  while (last < end && sorted[last].timeSlotOrder === sorted[index].timeSlotOrder) last++;
  return sorted.slice(index, last);
}

/** Spreads `penalty` evenly over `lessons`. */
function spread<L>(lessons: readonly L[], penalty: number, amount: number, emit: (lesson: L, penalty: number, amount: number) => void): void {
  for (const lesson of lessons) emit(lesson, penalty / lessons.length, amount / lessons.length);
}

/**
 * Gaps and overloaded days of groups. A group's day is judged per audience: each subgroup that has
 * lessons that day sees the whole-group lessons plus its own, and each counts 1/n of the penalty (n
 * subgroups that day), so a window of the whole group costs as much as for a group without subgroups
 * and a window of half the group half as much.
 */
function groupDayPenalties<L extends QualityLesson>(days: DayBuckets<L>, names: Names, w: QualityWeights, add: Add<L>): void {
  const { sorted, starts, owners } = days.groups;
  for (let run = 0; run < days.groups.count; run++) {
    const [start, end, groupId] = [starts[run], starts[run + 1], owners[run]];
    if (end - start < 2) continue;
    const units = audienceUnits(groupId, sorted, start, end);
    const share = 1 / units.length;
    for (const unit of units) {
      const [from, to] = unit === sorted ? [start, end] : [0, unit.length];
      forEachGap(unit, from, to, (pairs, after) =>
        spread(after, pairs * share * w.groupGap, pairs * share, (lesson, penalty, amount) =>
          add(lesson, 'GROUP_GAP', penalty, amount, `Окна у группы ${names.group(groupId)}`),
        ),
      );
      forEachBeyond(unit, from, to, w.groupDayLimit, (at) =>
        spread(at, share * w.groupOverload, share, (lesson, penalty, amount) =>
          add(lesson, 'GROUP_OVERLOAD', penalty, amount, `Больше ${w.groupDayLimit} пар в день у группы ${names.group(groupId)}`),
        ),
      );
    }
  }
}

/** Gaps and overloaded days of teachers, and windows on days a teacher asked to keep compact. */
function teacherDayPenalties<L extends QualityLesson>(days: DayBuckets<L>, facts: QualityFacts, names: Names, w: QualityWeights, add: Add<L>): void {
  const compactWishes = facts.wishes.filter((wish) => wish.type === 'NO_GAPS' || wish.type === 'CONSECUTIVE');
  const { sorted, starts, owners } = days.teachers;
  for (let run = 0; run < days.teachers.count; run++) {
    const [start, end, teacherId] = [starts[run], starts[run + 1], owners[run]];
    if (end - start < 2) continue;
    const { dayOfWeek } = sorted[start];
    const who = names.teacher(teacherId);
    const wantsCompact = compactWishes.some((wish) => wish.teacherId === teacherId && (wish.dayOfWeek === null || wish.dayOfWeek === dayOfWeek));
    forEachGap(sorted, start, end, (pairs, after) => {
      spread(after, pairs * w.teacherGap, pairs, (lesson, penalty, amount) => add(lesson, 'TEACHER_GAP', penalty, amount, `Окна у преподавателя ${who}`));
      if (wantsCompact) {
        spread(after, pairs * w.softWish, pairs, (lesson, penalty, amount) =>
          add(lesson, 'SOFT_PREFERENCE', penalty, amount, `Окно при пожелании преподавателя ${who} вести занятия без окон`),
        );
      }
    });
    forEachBeyond(sorted, start, end, w.teacherDayLimit, (at) =>
      spread(at, w.teacherOverload, 1, (lesson, penalty, amount) =>
        add(lesson, 'TEACHER_OVERLOAD', penalty, amount, `Больше ${w.teacherDayLimit} пар в день у преподавателя ${who}`),
      ),
    );
  }
}

/**
 * The day sorted[start .. end) of one group as its students live it: per subgroup with lessons that
 * day (whole-group lessons plus its own), else the whole group (then `sorted` itself is answered).
 */
function audienceUnits<L extends QualityLesson>(groupId: number, sorted: L[], start: number, end: number): L[][] {
  const subgroupOf = (lesson: L) => {
    for (const member of lesson.audience) if (member.groupId === groupId) return member.subgroupId;
    return null;
  };
  const subgroups: number[] = [];
  for (let index = start; index < end; index++) {
    const own = subgroupOf(sorted[index]);
    if (own !== null && !subgroups.includes(own)) subgroups.push(own);
  }
  if (subgroups.length === 0) return [sorted];
  const day = sorted.slice(start, end);
  return subgroups.map((subgroupId) =>
    day.filter((lesson) => {
      const own = subgroupOf(lesson);
      return own === null || own === subgroupId;
    }),
  );
}

/** Students a lesson gathers: each group whole, or its subgroup where the slot names one. */
export function audienceSize(lesson: QualityLesson, facts: QualityFacts): number {
  return lesson.audience.reduce(
    (sum, member) => sum + (member.subgroupId === null ? (facts.groups.get(member.groupId)?.size ?? 0) : (facts.subgroups.get(member.subgroupId)?.size ?? 0)),
    0,
  );
}

/** Seats against students, for in-person lessons only (an online lesson uses no room's seats). */
function roomPenalties<L extends QualityLesson>(lesson: L, facts: QualityFacts, names: Names, w: QualityWeights, add: Add<L>): void {
  if (lesson.slot.lessonFormat === 'Онлайн') return;
  const room = facts.classrooms.get(lesson.classroomId);
  const students = audienceSize(lesson, facts);
  if (!room || students === 0) return;
  if (room.capacity < students) {
    add(lesson, 'CAPACITY_SHORTAGE', w.capacityShortage, 1, `В аудитории ${names.classroom(lesson.classroomId)} ${room.capacity} мест на ${students} студентов`);
  } else if (room.capacity >= ROOM_OVERSIZE_RATIO * students && room.capacity - students >= ROOM_OVERSIZE_MIN_EMPTY_SEATS) {
    add(lesson, 'ROOM_OVERSIZED', w.roomOversized, 1, `Аудитория ${names.classroom(lesson.classroomId)} на ${room.capacity} мест для ${students} студентов`);
  }
}

/** Approved hard unavailability and soft wishes about times (weekly pairs or whole dates). */
function wishPenalties<L extends QualityLesson>(lessons: readonly L[], facts: QualityFacts, names: Names, w: QualityWeights, add: Add<L>): void {
  const byTeacher = new Map<number, TeacherWish[]>();
  for (const wish of facts.wishes) push(byTeacher, wish.teacherId, wish);
  if (byTeacher.size === 0) return;
  const at = (wish: TeacherWish, lesson: L) =>
    wish.date !== null ? wish.date === lesson.date : wish.dayOfWeek === lesson.dayOfWeek && wish.pairOrder === lesson.timeSlotOrder;
  for (const lesson of lessons) {
    const wishes = byTeacher.get(lesson.teacherId);
    if (!wishes) continue;
    const who = names.teacher(lesson.teacherId);
    if (wishes.some((wish) => wish.type === 'HARD_UNAVAILABLE' && at(wish, lesson))) {
      add(lesson, 'HARD_UNAVAILABLE', HARD_UNAVAILABLE_PENALTY, 1, `Занятие во время недоступности преподавателя ${who}`);
    }
    if (wishes.some((wish) => wish.type === 'SOFT_UNWANTED' && at(wish, lesson))) {
      add(lesson, 'SOFT_PREFERENCE', w.softWish, 1, `Нежелательное время преподавателя ${who}`);
    }
    // Preferred weekly pairs of a weekday say which pairs of that day the teacher wants; a preferred date asks for nothing elsewhere.
    const preferred = wishes.filter((wish) => wish.type === 'SOFT_PREFERRED' && wish.date === null && wish.dayOfWeek === lesson.dayOfWeek);
    if (preferred.length > 0 && !preferred.some((wish) => at(wish, lesson))) {
      add(lesson, 'SOFT_PREFERENCE', w.softWish, 1, `Занятие вне предпочтительных пар преподавателя ${who}`);
    }
  }
}

/**
 * Uneven weeks: a group's week is judged against the days on which the timetable has any lesson that
 * week (a day nobody studies is a holiday or weekend); the even share is the week's pairs of the group
 * over those days, rounded up, and pairs of a day beyond the share plus the tolerance are penalised.
 */
function unevenWeekPenalties<L extends QualityLesson>(days: DayBuckets<L>, names: Names, w: QualityWeights, add: Add<L>): void {
  const { sorted, starts, owners } = days.groups;
  const weeks = new Map<number, { total: number; runs: number[] }>();
  for (let run = 0; run < days.groups.count; run++) {
    const weekKey = owners[run] * 64 + sorted[starts[run]].weekNumber;
    const week = weeks.get(weekKey) ?? { total: 0, runs: [] };
    week.total += pairCount(sorted, starts[run], starts[run + 1]);
    week.runs.push(run);
    weeks.set(weekKey, week);
  }
  for (const [weekKey, week] of weeks) {
    if (week.runs.length < 2 && week.total <= 1 + UNEVEN_TOLERANCE_PAIRS) continue;
    const groupId = Math.floor(weekKey / 64);
    const share = Math.ceil(week.total / (days.studyDays.get(weekKey % 64) as Set<number>).size);
    for (const run of week.runs) {
      const excess = pairCount(sorted, starts[run], starts[run + 1]) - share - UNEVEN_TOLERANCE_PAIRS;
      if (excess <= 0) continue;
      spread(sorted.slice(starts[run], starts[run + 1]), excess * w.unevenWeek, excess, (lesson, penalty, amount) =>
        add(lesson, 'UNEVEN_WEEK', penalty, amount, `Неравномерная неделя группы ${names.group(groupId)}`),
      );
    }
  }
}

/** Lessons in the base grid's last pair (LAST_PAIRS), one penalty per lesson whatever its audience. */
function lastPairPenalties<L extends QualityLesson>(lessons: readonly L[], lastPairOrder: number | undefined, w: QualityWeights, add: Add<L>): void {
  if (lastPairOrder === undefined || w.lastPair === 0) return;
  for (const lesson of lessons) {
    if (lesson.timeSlotOrder === lastPairOrder) add(lesson, 'LAST_PAIR', w.lastPair, 1, `Занятие на последней паре дня (${lastPairOrder}-я пара)`);
  }
}

/**
 * Days per week (GROUP_EXTRA_DAYS, TEACHER_EXTRA_DAYS): the study days of a group's or a teacher's
 * calendar week beyond the university's limit, each costing its weight. A group is judged per
 * audience as for its windows: each subgroup with lessons that week comes on the days with a
 * whole-group lesson or its own, and counts 1/n. A day beyond the limit is charged to the lessons of
 * the owner's lightest days of the week (fewest pairs, then the later day): emptying such a day is
 * what removes the penalty.
 */
function extraDayPenalties<L extends QualityLesson>(days: DayBuckets<L>, names: Names, w: QualityWeights, add: Add<L>): void {
  if (w.groupExtraDay > 0) {
    forEachOwnerWeek(days.groups, (groupId, dayLessons) => {
      const subgroups = new Set<number>();
      for (const lessons of dayLessons) for (const lesson of lessons) {
        const own = subgroupIn(lesson, groupId);
        if (own !== null) subgroups.add(own);
      }
      const units = subgroups.size === 0 ? [dayLessons] : [...subgroups].map((subgroupId) =>
        dayLessons.map((lessons) => lessons.filter((lesson) => [null, subgroupId].includes(subgroupIn(lesson, groupId)))).filter((lessons) => lessons.length > 0),
      );
      for (const unit of units) {
        chargeExtraDays(unit, w.groupWeekDays, w.groupExtraDay / units.length, 1 / units.length, (lesson, penalty, amount) =>
          add(lesson, 'GROUP_EXTRA_DAY', penalty, amount, `Больше ${w.groupWeekDays} учебных дней в неделю у группы ${names.group(groupId)}`),
        );
      }
    });
  }
  if (w.teacherExtraDay > 0) {
    forEachOwnerWeek(days.teachers, (teacherId, dayLessons) =>
      chargeExtraDays(dayLessons, w.teacherWeekDays, w.teacherExtraDay, 1, (lesson, penalty, amount) =>
        add(lesson, 'TEACHER_EXTRA_DAY', penalty, amount, `Больше ${w.teacherWeekDays} учебных дней в неделю у преподавателя ${names.teacher(teacherId)}`),
      ),
    );
  }
}

/** Each owner's calendar weeks as the lessons of each of its days (runs of one owner are contiguous). */
function forEachOwnerWeek<L extends QualityLesson>(runs: DayRuns<L>, visit: (owner: number, dayLessons: L[][]) => void): void {
  const { sorted, starts, owners } = runs;
  let run = 0;
  while (run < runs.count) {
    const owner = owners[run];
    const weeks = new Map<number, L[][]>();
    for (; run < runs.count && owners[run] === owner; run++) push(weeks, sorted[starts[run]].weekNumber, sorted.slice(starts[run], starts[run + 1]));
    for (const dayLessons of weeks.values()) visit(owner, dayLessons);
  }
}

/** The days of one week beyond `limit`, the lightest first, each spreading `penalty` (and `amount` days) over its lessons. */
function chargeExtraDays<L extends QualityLesson>(dayLessons: L[][], limit: number, penalty: number, amount: number, emit: (lesson: L, penalty: number, amount: number) => void): void {
  const extra = dayLessons.length - limit;
  if (extra <= 0) return;
  const lightest = [...dayLessons].sort((a, b) => pairCount(a, 0, a.length) - pairCount(b, 0, b.length) || b[0].date.localeCompare(a[0].date));
  for (const lessons of lightest.slice(0, extra)) spread(lessons, penalty, amount, emit);
}

/** The subgroup of `groupId` a lesson is for, or null when it is the whole group's. */
function subgroupIn(lesson: QualityLesson, groupId: number): number | null {
  for (const member of lesson.audience) if (member.groupId === groupId) return member.subgroupId;
  return null;
}

/** The lesson's name in the base series: its slot and original date. */
export function qualityLessonKey(lesson: QualityLesson): string {
  return `${lesson.slotId}:${lesson.override?.originalLessonDate ?? lesson.date}`;
}
