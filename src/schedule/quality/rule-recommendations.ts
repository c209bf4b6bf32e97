import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/http/app-error';
import { WallClock } from '../../platform/http/wall-clock';
import { hasBegun } from '../../schedule-engine/bygone';
import { addDays } from '../../schedule-engine/dates';
import { expandRule } from '../../schedule-engine/lesson-expansion';
import { ActualLesson, actualLessons, overridesByLesson } from '../../schedule-engine/override-application';
import { analyseQuality, audienceSize, QualityFacts, qualityLessonKey } from '../../schedule-engine/quality';
import { compareQuality, QualityChange, scoreDeltaOf, withSlotChange } from '../../schedule-engine/quality-problems';
import { activeOnOrAfter, LoadedRule, LoadedSlot } from '../../schedule-engine/rule-model';
import { GridSlot } from '../../schedule-engine/series-context';
import { ActualLessons, hhmm, LessonScene, RuleChangeBody, RuleChangeTrials, ScheduleDataRepository } from '../core';
import { RecommendedRule, RuleRecommendationKind, RuleRecommendationResponse } from './dto/quality.dto';
import { AnalysedVersion } from './quality-facts.repository';

/** Rule-level recommendations answered at most (the best first). */
export const RULE_RECOMMENDATIONS_LIMIT = 5;
/**
 * Improving candidates put through the rules' checks at most, best first: each is a whole rule update's
 * checks (a dozen queries under the semester's lock), and a large university has hundreds of rooms.
 */
export const RULE_TRIALS_LIMIT = 30;
/** A problem repeats (and a change of the rule is worth proposing) when this many of the slot's lessons ahead carry a penalty. */
export const REPEATED_LESSONS = 2;

/** Rooms tried for a new pair whose own room is taken then (the best suited first). */
export const ROOMS_PER_PAIR = 3;

/** «по понедельникам» … «по воскресеньям». */
const ON_DAYS = ['', 'по понедельникам', 'по вторникам', 'по средам', 'по четвергам', 'по пятницам', 'по субботам', 'по воскресеньям'];
const OF_WEEKS = { BOTH: '', ODD: ' нечётных недель', EVEN: ' чётных недель' } as const;
/** On equal gains a new pair comes before a new room, as for one lesson. */
const KIND_ORDER: Record<RuleRecommendationKind, number> = { RULE_TIME_SLOT: 0, RULE_CLASSROOM: 1 };

/** What the recommendations' service found, handed on. */
export interface RuleRecommendationScene {
  version: AnalysedVersion;
  /** The problem's lesson as lesson changes locate it: its slot is the one changed; the rule laid out with its groups' calendars. */
  scene: LessonScene;
  facts: QualityFacts;
  /** The whole version's lesson count and raw penalty (for the score change). */
  totals: { lessonCount: number; rawPenalty: number };
  now: WallClock;
}

export interface RuleRecommendationsAnswer {
  repeatedLessonCount: number;
  checkedCount: number;
  recommendations: RuleRecommendationResponse[];
}

interface Candidate {
  kind: RuleRecommendationKind;
  slot: LoadedSlot;
  pair: GridSlot;
  change: QualityChange;
  changedCount: number;
}

/**
 * Recommendations that fix the rule, not one lesson (issue 45 §8): for a problem that repeats, the
 * problem's slot moved for the whole rule to another pair of the same weekday (base grid) or to another
 * active room that seats its students. Each is laid out from the changed rule as the timetable would lay
 * it out (its one-off changes kept), scored over the slot's lessons still ahead together with the
 * lessons of its groups and teachers from today to the semester's end, kept only when it lowers the
 * penalty, and then put through exactly the checks of `PUT /api/admin/schedule-rules/{id}` (the
 * core's `RuleChangeTrials`, bound by the rules feature). Nothing is written.
 */
@Injectable()
export class RuleRecommendations {
  constructor(
    private readonly data: ScheduleDataRepository,
    private readonly lessons: ActualLessons,
    private readonly trials: RuleChangeTrials,
  ) {}

  async recommend(scene: RuleRecommendationScene): Promise<RuleRecommendationsAnswer> {
    const { version, facts, now } = scene;
    const { semester, rule, grids, schedule } = scene.scene;
    const none = (repeatedLessonCount: number): RuleRecommendationsAnswer => ({ repeatedLessonCount, checkedCount: 0, recommendations: [] });
    // Once a day of the semester has passed, a change of the rule holds from tomorrow (issue 53): the
    // lessons before stay, and the body says so; before that, the whole semester (as the web sends it).
    const dated = now.date > semester.startDate;
    const from = dated ? addDays(now.date, 1) : semester.startDate;
    const current = currentForm(rule, from);
    const slot = current?.find((item) => item.id === scene.scene.base.slotId);
    // A published rule has every slot placed; a body must name them all (a slot left out would be deleted).
    if (!current || !slot || (rule.unplaced?.length ?? 0) > 0) return none(0);
    const currentIds = new Set(current.map((item) => item.id));
    const bodyOfChanged = (changed: LoadedRule) => bodyOf(changed, currentIds, dated ? from : undefined);
    const ahead = (item: ActualLesson) => (dated ? item.date >= from : !hasBegun(item.date, item.startTime, now));

    // The rule laid out as the timetable has it: its one-off changes stay with their lessons after a change of the rule.
    const overrides = overridesByLesson(await this.data.overrides(version.versionId, [rule.id]));
    const slotLessonsOf = (changed: LoadedRule) =>
      actualLessons(
        expandRule(changed, schedule.context).filter((item) => item.slotId === slot.id),
        overrides,
        semester.startDate,
      );
    const own = slotLessonsOf(rule);
    const ownAhead = own.filter(ahead);
    if (ownAhead.length < REPEATED_LESSONS) return none(0);

    // Its groups' and teachers' lessons from the change on: the only penalties a new pair of the slot can move.
    const teacherIds = [...new Set([slot.teacherId, ...ownAhead.map((item) => item.teacherId)])];
    const around = await this.around(version, from, rule.groupIds, teacherIds);
    const before = analyseQuality(around, facts);
    const ownKeys = new Set(ownAhead.map(qualityLessonKey));
    const repeated = new Set(before.penalties.map((item) => qualityLessonKey(item.lesson)).filter((key) => ownKeys.has(key))).size;
    if (repeated < REPEATED_LESSONS) return none(repeated);

    const basePairs = [...grids.base.slots].sort((a, b) => a.orderNumber - b.orderNumber);
    const currentPair = basePairs.find((pair) => pair.id === slot.timeSlotId);
    if (!currentPair) return none(repeated);
    const changedRule = (fields: Partial<LoadedSlot>): { rule: LoadedRule; slot: LoadedSlot } => {
      const changed = { ...slot, ...fields };
      return { rule: { ...rule, slots: rule.slots.map((item) => (item.id === slot.id ? changed : item)) }, slot: changed };
    };

    const candidates: Candidate[] = [];
    const scorePair = (pair: GridSlot, classroomId: number): Candidate | undefined => {
      const changed = changedRule({ timeSlotId: pair.id, classroomId });
      const after = withSlotChange(around, slot.id, slotLessonsOf(changed.rule), ahead);
      const change = compareQuality(before, analyseQuality(after.lessons, facts));
      return change.penaltyDelta < 0 && after.changedCount > 0 ? { kind: 'RULE_TIME_SLOT', slot: changed.slot, pair, change, changedCount: after.changedCount } : undefined;
    };
    for (const pair of basePairs) {
      const candidate = pair.id === slot.timeSlotId ? undefined : scorePair(pair, slot.classroomId);
      if (candidate) candidates.push(candidate);
    }
    // Rooms that seat the students, those that lose the most seat penalty first, then the smallest.
    const rooms: { classroomId: number; capacity: number; penaltyDelta: number }[] = [];
    if (slot.lessonFormat !== 'Онлайн') {
      // A room change moves only the lessons' own seat penalties.
      const ownBefore = analyseQuality(ownAhead, facts);
      const seats = Math.max(...ownAhead.map((item) => audienceSize(item, facts)));
      for (const classroomId of await this.data.activeClassroomIds()) {
        const room = facts.classrooms.get(classroomId);
        if (classroomId === slot.classroomId || !room || room.capacity < seats) continue;
        const changed = changedRule({ classroomId });
        const after = withSlotChange(ownAhead, slot.id, slotLessonsOf(changed.rule), ahead);
        const change = compareQuality(ownBefore, analyseQuality(after.lessons, facts));
        rooms.push({ classroomId, capacity: room.capacity, penaltyDelta: change.penaltyDelta });
        if (change.penaltyDelta < 0 && after.changedCount > 0) candidates.push({ kind: 'RULE_CLASSROOM', slot: changed.slot, pair: currentPair, change, changedCount: after.changedCount });
      }
      rooms.sort((a, b) => a.penaltyDelta - b.penaltyDelta || a.capacity - b.capacity || a.classroomId - b.classroomId);
    }
    candidates.sort(byGain(facts));

    // Best first through the rules' own checks, until enough pass. A new pair refused only because the
    // slot's room is taken then is tried again with the rooms that suit best (the room follows the pair).
    const accepted: Candidate[] = [];
    let checkedCount = 0;
    let occupied: RoomTimes | undefined;
    const passes = async (candidate: Candidate) => {
      checkedCount++;
      return (await this.trials.refusalOf(rule.id, bodyOfChanged(changedRule(candidate.slot).rule))) ?? true;
    };
    for (const candidate of candidates) {
      if (accepted.length >= RULE_RECOMMENDATIONS_LIMIT || checkedCount >= RULE_TRIALS_LIMIT) break;
      const verdict = await passes(candidate);
      if (verdict === true) {
        accepted.push(candidate);
        continue;
      }
      if (candidate.kind !== 'RULE_TIME_SLOT' || !onlyTheRoom(verdict)) continue;
      // Only rooms with no lesson at any of the new times are worth the checks (they still decide).
      occupied ??= await this.roomsInUse(version, from, rooms.map((room) => room.classroomId));
      const times = slotLessonsOf(changedRule(candidate.slot).rule).filter(ahead);
      const free = rooms.filter((room) => times.every((lesson) => !occupied?.holds(room.classroomId, lesson)));
      for (const room of free.slice(0, ROOMS_PER_PAIR)) {
        if (checkedCount >= RULE_TRIALS_LIMIT) break;
        const elsewhere = scorePair(candidate.pair, room.classroomId);
        if (elsewhere && (await passes(elsewhere)) === true) {
          accepted.push(elsewhere);
          break;
        }
      }
    }
    accepted.sort(byGain(facts));

    // From tomorrow nothing given changes; for the whole semester, the lessons already begun do.
    const pastLessonCount = dated ? 0 : own.length - ownAhead.length;
    const recommendations = accepted.map((candidate): RuleRecommendationResponse => {
      const room = facts.classrooms.get(candidate.slot.classroomId);
      const inRoom = `в аудиторию «${room?.name ?? candidate.slot.classroomId}» (${room?.capacity ?? 0} мест)`;
      const atPair = `на ${candidate.pair.orderNumber}-ю пару (${hhmm(candidate.pair.startTime)}–${hhmm(candidate.pair.endTime)}) ${ON_DAYS[slot.dayOfWeek]}${OF_WEEKS[slot.parity]}`;
      const placeText = candidate.kind === 'RULE_CLASSROOM' ? inRoom : candidate.slot.classroomId === slot.classroomId ? atPair : `${atPair}, ${inRoom}`;
      return {
        kind: candidate.kind,
        title: candidate.kind === 'RULE_TIME_SLOT' ? `Перенести правило ${placeText}` : `Проводить занятия правила ${placeText}`,
        placeText,
        scheduleRuleId: rule.id,
        scheduleRuleSlotId: slot.id,
        rule: bodyOfChanged(changedRule(candidate.slot).rule),
        scoreDelta: scoreDeltaOf(scene.totals.rawPenalty, scene.totals.lessonCount, candidate.change.penaltyDelta),
        penaltyDelta: candidate.change.penaltyDelta,
        improvements: candidate.change.improvements,
        tradeOffs: candidate.change.tradeOffs,
        changedLessonCount: candidate.changedCount,
        pastLessonCount,
        dayOfWeek: slot.dayOfWeek,
        timeSlotId: candidate.pair.id,
        timeSlotOrder: candidate.pair.orderNumber,
        startTime: candidate.pair.startTime,
        endTime: candidate.pair.endTime,
        classroomId: candidate.slot.classroomId,
        classroomName: room?.name ?? '',
      };
    });
    return { repeatedLessonCount: repeated, checkedCount, recommendations };
  }

  /** When each of the rooms is in use from `from` to the semester's end (lessons as the timetable has them). */
  private async roomsInUse(version: AnalysedVersion, from: string, classroomIds: number[]): Promise<RoomTimes> {
    const held = await this.lessons.ofSemester(version.semesterId, { startDate: from, classroomIds }, version.versionId);
    return new RoomTimes(held?.lessons ?? []);
  }

  /** The lessons of the groups and of the teachers from `from` to the semester's end, each once. */
  private async around(version: AnalysedVersion, from: string, groupIds: number[], teacherIds: number[]): Promise<ActualLesson[]> {
    const byGroups = await this.lessons.ofSemester(version.semesterId, { startDate: from, groupIds }, version.versionId);
    const byTeachers = await this.lessons.ofSemester(version.semesterId, { startDate: from, teacherIds }, version.versionId);
    const merged = new Map<string, ActualLesson>();
    for (const item of [...(byGroups?.lessons ?? []), ...(byTeachers?.lessons ?? [])]) merged.set(qualityLessonKey(item), item);
    return [...merged.values()];
  }
}

/**
 * The rule's rows a recommendation may name (issue 53): those that hold at `from` and run on to the
 * semester's end; closed periods stay history (the rules API refuses a body naming them). A rule with
 * a period still to come, or one that ends before the semester does, gets none: a body over it would
 * rewrite or lift what the office planned for that date.
 */
function currentForm(rule: LoadedRule, from: string): LoadedSlot[] | undefined {
  const current = rule.slots.filter((slot) => activeOnOrAfter(slot, from));
  return current.every((slot) => (slot.activeFrom ?? from) <= from && !slot.activeTo) ? current : undefined;
}

/**
 * The rule as the body of `PUT /api/admin/schedule-rules/{id}` (spec 2's rule request): every slot of
 * its current form by its id, and the date the change holds from when the semester has begun.
 */
function bodyOf(rule: LoadedRule, currentIds: ReadonlySet<number>, effectiveFrom: string | undefined): RecommendedRule & RuleChangeBody {
  return {
    ...(effectiveFrom ? { effectiveFrom } : {}),
    scheduleVersionId: rule.versionId,
    semesterId: rule.semesterId,
    subjectId: rule.subjectId,
    lectureAcademicHours: rule.hours.LECTURE,
    laboratoryAcademicHours: rule.hours.LABORATORY,
    practiceAcademicHours: rule.hours.PRACTICE,
    lectureStartWeek: rule.startWeeks.LECTURE,
    laboratoryStartWeek: rule.startWeeks.LABORATORY,
    practiceStartWeek: rule.startWeeks.PRACTICE,
    groupIds: rule.groupIds,
    slots: rule.slots.filter((slot) => currentIds.has(slot.id)).map((slot) => ({
      id: slot.id,
      dayOfWeek: slot.dayOfWeek,
      parity: slot.parity,
      timeSlotId: slot.timeSlotId,
      subgroupIds: slot.subgroups.map((subgroup) => subgroup.id),
      teacherId: slot.teacherId,
      classroomId: slot.classroomId,
      lessonTypeId: slot.lessonTypeId,
      lessonFormat: slot.lessonFormat,
    })),
  };
}

/** Largest gain first; on a tie a new pair before a new room, then by pair, then the smaller room. */
function byGain(facts: QualityFacts): (a: Candidate, b: Candidate) => number {
  const capacity = (candidate: Candidate) => facts.classrooms.get(candidate.slot.classroomId)?.capacity ?? 0;
  return (a, b) =>
    a.change.penaltyDelta - b.change.penaltyDelta ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    a.pair.orderNumber - b.pair.orderNumber ||
    capacity(a) - capacity(b) ||
    a.slot.classroomId - b.slot.classroomId;
}

/** A rule clash (409) with the slot's room alone: the same pair may pass in another room. */
function onlyTheRoom(refusal: AppError): boolean {
  const fields = refusal.body?.conflictFields;
  return refusal.status === 409 && Array.isArray(fields) && fields.length === 1 && fields[0] === 'classroom';
}

/** The times rooms are taken, by room and date: whether a room holds a lesson overlapping another one. */
class RoomTimes {
  private readonly byRoomDate = new Map<string, { startTime: string; endTime: string }[]>();

  constructor(lessons: readonly ActualLesson[]) {
    for (const lesson of lessons) {
      const key = `${lesson.classroomId}:${lesson.date}`;
      const list = this.byRoomDate.get(key);
      if (list) list.push(lesson);
      else this.byRoomDate.set(key, [lesson]);
    }
  }

  holds(classroomId: number, lesson: { date: string; startTime: string; endTime: string }): boolean {
    return (this.byRoomDate.get(`${classroomId}:${lesson.date}`) ?? []).some((other) => other.startTime < lesson.endTime && lesson.startTime < other.endTime);
  }
}
