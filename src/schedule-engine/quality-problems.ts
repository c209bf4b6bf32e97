import {
  exactScore,
  LessonPenalty,
  MEDIUM_SEVERITY_PENALTY,
  QualityAnalysis,
  QualityLesson,
  QualityProblemType,
  qualityLessonKey,
  round,
} from './quality';

/** Spec 8: a quality report lists at most this many problems. */
export const QUALITY_PROBLEMS_LIMIT = 300;
/** Issue labels kept per problem (the biggest first). */
export const ISSUE_LABELS_PER_PROBLEM = 10;

export type QualitySeverity = 'HIGH' | 'MEDIUM' | 'LOW';

const TYPE_TEXT: Record<QualityProblemType, string> = {
  GROUP_GAP: 'окна у групп',
  TEACHER_GAP: 'окна у преподавателя',
  GROUP_OVERLOAD: 'перегруженные дни групп',
  TEACHER_OVERLOAD: 'перегруженные дни преподавателя',
  CAPACITY_SHORTAGE: 'аудитория меньше состава',
  ROOM_OVERSIZED: 'аудитория слишком велика',
  SOFT_PREFERENCE: 'нарушены пожелания преподавателя',
  HARD_UNAVAILABLE: 'занятия в недоступное время преподавателя',
  UNEVEN_WEEK: 'неравномерная неделя',
  LAST_PAIR: 'занятия на последней паре дня',
  GROUP_EXTRA_DAY: 'лишние учебные дни группы',
  TEACHER_EXTRA_DAY: 'лишние учебные дни преподавателя',
};

/** Types that make a problem HIGH whatever its penalty: a broken approved restriction or students without seats. */
const HIGH_TYPES: readonly QualityProblemType[] = ['HARD_UNAVAILABLE', 'CAPACITY_SHORTAGE'];

/** The penalties of one rule merged (spec 2: problems are aggregated per rule). */
export interface RuleQualityProblem<L extends QualityLesson = QualityLesson> {
  scheduleRuleId: number;
  /** The type with the largest penalty. */
  type: QualityProblemType;
  severity: QualitySeverity;
  title: string;
  description: string;
  penalty: number;
  affectedLessonCount: number;
  /** Largest penalty first. */
  problemTypes: QualityProblemType[];
  issueLabels: string[];
  /**
   * The lesson to open: the one with the largest penalty, preferring one no override pins and one
   * still ahead (`ahead`; a recommendation for last week's lesson helps nobody), then the earliest.
   */
  lesson: L;
}

/** Merges lesson penalties per rule, largest penalty first (then by rule id). `ahead` tells lessons still to come (all by default). */
export function problemsByRule<L extends QualityLesson>(penalties: readonly LessonPenalty<L>[], ahead: (lesson: L) => boolean = () => true): RuleQualityProblem<L>[] {
  const byRule = new Map<number, LessonPenalty<L>[]>();
  for (const item of penalties) {
    const list = byRule.get(item.lesson.ruleId);
    if (list) list.push(item);
    else byRule.set(item.lesson.ruleId, [item]);
  }
  const problems = [...byRule.entries()].map(([ruleId, items]) => problemOf(ruleId, items, ahead));
  return problems.sort((a, b) => b.penalty - a.penalty || a.scheduleRuleId - b.scheduleRuleId);
}

function problemOf<L extends QualityLesson>(ruleId: number, items: readonly LessonPenalty<L>[], ahead: (lesson: L) => boolean): RuleQualityProblem<L> {
  const byType = new Map<QualityProblemType, number>();
  const byLabel = new Map<string, number>();
  const byLesson = new Map<string, { lesson: L; penalty: number }>();
  for (const item of items) {
    byType.set(item.type, (byType.get(item.type) ?? 0) + item.penalty);
    byLabel.set(item.label, (byLabel.get(item.label) ?? 0) + item.penalty);
    const key = qualityLessonKey(item.lesson);
    const entry = byLesson.get(key) ?? { lesson: item.lesson, penalty: 0 };
    entry.penalty += item.penalty;
    byLesson.set(key, entry);
  }
  const penalty = round(items.reduce((sum, item) => sum + item.penalty, 0));
  const problemTypes = [...byType.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([type]) => type);
  const issueLabels = [...byLabel.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, ISSUE_LABELS_PER_PROBLEM)
    .map(([label]) => label);
  const lesson = worstLesson([...byLesson.values()], ahead);
  const severity: QualitySeverity = problemTypes.some((type) => HIGH_TYPES.includes(type))
    ? 'HIGH'
    : penalty >= MEDIUM_SEVERITY_PENALTY
      ? 'MEDIUM'
      : 'LOW';
  const subject = lesson.rule.subjectName;
  const parts = problemTypes.map((type) => `${TYPE_TEXT[type]} — ${round(byType.get(type) as number)}`);
  return {
    scheduleRuleId: ruleId,
    type: problemTypes[0],
    severity,
    title: `«${subject}» (правило №${ruleId}): ${TYPE_TEXT[problemTypes[0]]}`,
    description: `Штраф ${penalty} по ${byLesson.size} ${lessonsWord(byLesson.size)}: ${parts.join('; ')}`,
    penalty,
    affectedLessonCount: byLesson.size,
    problemTypes,
    issueLabels,
    lesson,
  };
}

function worstLesson<L extends QualityLesson>(entries: { lesson: L; penalty: number }[], ahead: (lesson: L) => boolean): L {
  const pinned = (lesson: L) => (lesson.override ? 1 : 0);
  const past = (lesson: L) => (ahead(lesson) ? 0 : 1);
  const originalDate = (lesson: L) => lesson.override?.originalLessonDate ?? lesson.date;
  entries.sort(
    (a, b) =>
      pinned(a.lesson) - pinned(b.lesson) ||
      past(a.lesson) - past(b.lesson) ||
      b.penalty - a.penalty ||
      originalDate(a.lesson).localeCompare(originalDate(b.lesson)) ||
      a.lesson.slotId - b.lesson.slotId,
  );
  return entries[0].lesson;
}

/** «занятию», «занятиям» after a number (dative). */
function lessonsWord(count: number): string {
  return count % 10 === 1 && count % 100 !== 11 ? 'занятию' : 'занятиям';
}

/** The first `limit` problems, with the count of all and whether some were left out. */
export function truncateProblems<T>(problems: readonly T[], limit = QUALITY_PROBLEMS_LIMIT): { problems: T[]; totalProblemCount: number; problemsTruncated: boolean } {
  return { problems: problems.slice(0, limit), totalProblemCount: problems.length, problemsTruncated: problems.length > limit };
}

/** How one change moves the penalties, metric by metric. */
export interface QualityChange {
  /** After minus before (negative: better). */
  penaltyDelta: number;
  /** Metrics that lose penalty, with how much: «Окна у групп: −3». */
  improvements: string[];
  /** Metrics that gain penalty. */
  tradeOffs: string[];
}

/** Compares two analyses of the same lessons around a change (before and after it). */
export function compareQuality(before: QualityAnalysis, after: QualityAnalysis): QualityChange {
  const improvements: string[] = [];
  const tradeOffs: string[] = [];
  for (const metric of after.metrics) {
    const earlier = before.metrics.find((candidate) => candidate.code === metric.code);
    const delta = round(metric.penalty - (earlier?.penalty ?? 0));
    if (delta < 0) improvements.push(`${metric.label}: ${delta}`);
    if (delta > 0) tradeOffs.push(`${metric.label}: +${delta}`);
  }
  return { penaltyDelta: round(after.rawPenalty - before.rawPenalty), improvements, tradeOffs };
}

/**
 * How the score of a whole version changes when its raw penalty moves by `penaltyDelta` (the lesson
 * count stays: a recommendation moves a lesson, it neither adds nor removes one).
 */
export function scoreDeltaOf(rawPenalty: number, lessonCount: number, penaltyDelta: number): number {
  if (lessonCount === 0) return 0;
  return Math.round((exactScore(rawPenalty + penaltyDelta, lessonCount) - exactScore(rawPenalty, lessonCount)) * 100) / 100;
}

/**
 * The lessons around a change of a rule's slot (its whole series, not one lesson) as they would be
 * after it: each lesson of slot `slotId` still ahead takes its form in `changed` (the slot's lessons
 * laid out again from the changed rule, matched by the lesson's name in the base series; one that
 * `changed` lacks is no longer held), lessons that have begun stay as they were, and so does every
 * other lesson. `changedCount`: the lessons ahead whose date, pair or room is no longer the same.
 */
export function withSlotChange<L extends QualityLesson & { startTime: string }>(
  around: readonly L[],
  slotId: number,
  changed: readonly L[],
  ahead: (lesson: L) => boolean,
): { lessons: L[]; changedCount: number } {
  const byKey = new Map(changed.map((lesson) => [qualityLessonKey(lesson), lesson]));
  const lessons: L[] = [];
  let changedCount = 0;
  for (const lesson of around) {
    if (lesson.slotId !== slotId || !ahead(lesson)) {
      lessons.push(lesson);
      continue;
    }
    const after = byKey.get(qualityLessonKey(lesson));
    if (!after || after.date !== lesson.date || after.startTime !== lesson.startTime || after.classroomId !== lesson.classroomId) changedCount++;
    if (after) lessons.push(after);
  }
  return { lessons, changedCount };
}
