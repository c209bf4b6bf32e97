import { expandRule, GeneratedLesson } from './lesson-expansion';
import { ActualLesson, applyOverride, OverrideRecord } from './override-application';
import { LoadedRule, LoadedSemester } from './rule-model';
import { SemesterContextFactory } from './series-context';

/** The schedule's lookups of its rules and changes, made once per loaded version and shared by its lean copies. */
interface ScheduleIndexes {
  ruleById: Map<number, LoadedRule>;
  /**
   * Overrides by base slot: the one override of a slot itself, or its overrides by original date. Most
   * lessons' slots have none, so their lookup is one integer key; most slots with one have only one,
   * and a map per slot was a tenth of a loaded university's memory.
   */
  overridesBySlot: Map<number, OverrideRecord | Map<string, OverrideRecord>>;
}

function indexesOf(rules: readonly LoadedRule[], overrides: readonly OverrideRecord[]): ScheduleIndexes {
  const indexes: ScheduleIndexes = { ruleById: new Map(), overridesBySlot: new Map() };
  for (const rule of rules) indexes.ruleById.set(rule.id, rule);
  for (const override of overrides) {
    const slotId = override.baseRuleSlotId;
    const known = indexes.overridesBySlot.get(slotId);
    if (known === undefined) indexes.overridesBySlot.set(slotId, override);
    else if (known instanceof Map) known.set(override.lessonDate, override);
    else if (known.lessonDate === override.lessonDate) indexes.overridesBySlot.set(slotId, override);
    else indexes.overridesBySlot.set(slotId, new Map([[known.lessonDate, known], [override.lessonDate, override]]));
  }
  return indexes;
}

/**
 * Rules of one version of a semester together with what lays them out (grids and calendars in the
 * context factory) and the version's one-off changes. Answers each rule's base series and actual
 * lessons, each computed once: a base lesson keeps its identity, and so does the lesson an override
 * makes of it, which lets viewers cache their rendering per lesson object.
 */
export class SemesterSchedule {
  private readonly ruleById: Map<number, LoadedRule>;
  private readonly overridesBySlot: ScheduleIndexes['overridesBySlot'];
  private readonly series = new Map<number, GeneratedLesson[]>();
  /** Lessons of the base series laid out so far (the schedule cache's size estimate counts them). */
  generatedLessons = 0;
  private readonly changed = new Map<number, ActualLesson | null>();

  constructor(
    readonly semester: LoadedSemester,
    readonly rules: readonly LoadedRule[],
    readonly context: SemesterContextFactory,
    /** One-off changes of lessons of `rules` (others are ignored). */
    readonly overrides: readonly OverrideRecord[] = [],
    indexes: ScheduleIndexes = indexesOf(rules, overrides),
    /** A scratch copy's original: what it laid out already is read from it, never added to it. */
    private readonly original?: SemesterSchedule,
  ) {
    this.ruleById = indexes.ruleById;
    this.overridesBySlot = indexes.overridesBySlot;
  }

  /**
   * The same rules, context and changes with nothing laid out yet: what a memory-bound cache keeps
   * when it lets go of the lessons (laying them out again takes milliseconds; loading the rules, a
   * round trip to the database and more).
   */
  withoutLaidOutLessons(): SemesterSchedule {
    const indexes = { ruleById: this.ruleById, overridesBySlot: this.overridesBySlot };
    return new SemesterSchedule(this.semester, this.rules, this.context.withoutAnswers(), this.overrides, indexes);
  }

  /**
   * The same rules, context and changes with a memo of lessons of its own: for one request's work that
   * is not to be kept (a full schedule cache). It reads what this schedule laid out already and adds
   * nothing to it, so what it lays out goes when the request ends. The context's calendar and grid
   * answers are shared: they are bounded by groups and dates.
   */
  scratchCopy(): SemesterSchedule {
    const indexes = { ruleById: this.ruleById, overridesBySlot: this.overridesBySlot };
    return new SemesterSchedule(this.semester, this.rules, this.context, this.overrides, indexes, this);
  }

  /** The rule's series if this schedule (or the original of a scratch copy) laid it out already. */
  private knownSeries(ruleId: number): GeneratedLesson[] | undefined {
    return this.series.get(ruleId) ?? this.original?.series.get(ruleId);
  }

  rule(id: number): LoadedRule | undefined {
    return this.ruleById.get(id);
  }

  /** The rule's whole base series (every date of the semester). */
  lessonsOf(rule: LoadedRule): GeneratedLesson[] {
    let lessons = this.knownSeries(rule.id);
    if (!lessons) {
      lessons = expandRule(rule, this.context);
      this.series.set(rule.id, lessons);
      this.generatedLessons += lessons.length;
    }
    return lessons;
  }

  /** The base lesson `slotId + date` of a rule of this schedule, if its series has it. */
  baseLessonAt(ruleId: number, slotId: number, date: string): GeneratedLesson | undefined {
    const rule = this.ruleById.get(ruleId);
    return rule && this.lessonsOf(rule).find((lesson) => lesson.slotId === slotId && lesson.date === date);
  }

  /** The override of a base lesson, if any. */
  overrideOf(base: { slotId: number; date: string }): OverrideRecord | undefined {
    const known = this.overridesBySlot.get(base.slotId);
    if (known === undefined || known instanceof Map) return known?.get(base.date);
    return known.lessonDate === base.date ? known : undefined;
  }

  /** What the timetable shows for a base lesson: itself, its changed form, or nothing (cancelled). */
  shown(base: GeneratedLesson): ActualLesson | undefined {
    if (this.overridesBySlot.size === 0) return base;
    const override = this.overrideOf(base);
    if (!override) return base;
    let changed = this.changed.get(override.id);
    if (changed === undefined) changed = this.original?.changed.get(override.id);
    if (changed === undefined) {
      changed = applyOverride(base, override, this.semester.startDate) ?? null;
      this.changed.set(override.id, changed);
    }
    return changed ?? undefined;
  }

  /**
   * The rule's lessons as the timetable has them, of the base lessons up to `until` only (moved ones
   * wherever they went): laid out only that far unless the whole series is known already. For
   * checks of a few early dates over many rules; pass as `until` the latest original date of a
   * lesson moved onto those dates too.
   */
  actualLessonsUntil(rule: LoadedRule, until: string): ActualLesson[] {
    const known = this.knownSeries(rule.id);
    const base = known ? known.filter((lesson) => lesson.date <= until) : expandRule(rule, this.context, until);
    const result: ActualLesson[] = [];
    for (const lesson of base) {
      const shown = this.shown(lesson);
      if (shown) result.push(shown);
    }
    return result;
  }

  /** The rule's lessons as the timetable has them (cancelled ones left out), in base-series order. */
  actualLessonsOf(rule: LoadedRule): ActualLesson[] {
    const base = this.lessonsOf(rule);
    if (this.overridesBySlot.size === 0) return base;
    const result: ActualLesson[] = [];
    for (const lesson of base) {
      const shown = this.shown(lesson);
      if (shown) result.push(shown);
    }
    return result;
  }
}
