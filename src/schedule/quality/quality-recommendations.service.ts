import { Injectable } from '@nestjs/common';
import { BadRequestError } from '../../platform/http/app-error';
import { wallClockNow } from '../../platform/http/wall-clock';
import { hasBegun } from '../../schedule-engine/bygone';
import { addDays, formatDate, isoDayOfWeek } from '../../schedule-engine/dates';
import { ActualLesson } from '../../schedule-engine/override-application';
import { analyseQuality, audienceSize, QualityFacts, qualityLessonKey } from '../../schedule-engine/quality';
import { compareQuality, scoreDeltaOf } from '../../schedule-engine/quality-problems';
import { ActualLessons, AcceptedCandidate, CandidateFinder, hhmm, LESSON_SLOT_NOT_FOUND, LessonChanges, ScheduleDataRepository } from '../core';
import { RecommendationResponse, RecommendationsQuery, RecommendationsResponse, RuleRecommendationsResponse } from './dto/quality.dto';
import { AnalysedVersion, QualityFactsRepository } from './quality-facts.repository';
import { QualityService } from './quality.service';
import { RuleRecommendations, RuleRecommendationsAnswer } from './rule-recommendations';

/** Recommendations answered at most (the best first). */
export const RECOMMENDATIONS_LIMIT = 20;

const STATUS_TEXT = { DRAFT: 'черновик', ARCHIVED: 'в архиве' } as const;
const NO_RULE_CHANGE: RuleRecommendationsAnswer = { repeatedLessonCount: 0, checkedCount: 0, recommendations: [] };

/**
 * Checked local improvements of one published lesson (spec 4.12): another pair of the same day or
 * another free active classroom, each found and checked by the core's candidate finder (exactly the
 * checks override creation runs), scored against the lessons it can affect, and kept only when it
 * lowers the penalty. Nothing is applied: each carries the override body the user may post. For a
 * problem that repeats, `recommendForRule` answers the same kinds of change for the lesson's rule slot
 * and all its lessons ahead (`RuleRecommendations`), each with the rule body the user may PUT.
 */
@Injectable()
export class QualityRecommendationsService {
  constructor(
    private readonly quality: QualityService,
    private readonly facts: QualityFactsRepository,
    private readonly lessons: ActualLessons,
    private readonly finder: CandidateFinder,
    private readonly rules: RuleRecommendations,
    private readonly data: ScheduleDataRepository,
    private readonly lessonChanges: LessonChanges,
  ) {}

  async recommend(query: RecommendationsQuery): Promise<RecommendationsResponse> {
    const { version, refusal } = await this.preflight(query);
    const answer = (reason: string | null, recommendations: RecommendationResponse[] = [], checked = 0): RecommendationsResponse => ({
      semesterId: version.semesterId,
      scheduleVersionId: version.versionId,
      scheduleVersionStatus: version.status,
      scheduleRuleSlotId: query.scheduleRuleSlotId,
      lessonDate: query.lessonDate,
      available: reason === null,
      unavailableReason: reason,
      checkedCandidateCount: checked,
      recommendations,
    });
    if (refusal) return answer(refusal);

    const found = await this.finder.findAll(query.scheduleRuleSlotId, query.lessonDate, { TIME_SLOT: {}, CLASSROOM: {} });
    const { lesson } = found;
    // An improvement is for lessons still ahead: moving last week's lesson helps nobody.
    if (hasBegun(lesson.date, lesson.startTime, wallClockNow())) return answer(pastLesson(lesson.date));
    const facts = await this.facts.facts(version.semesterId);
    const around = await this.lessonsAround(version, lesson);
    const totals = await this.quality.totals(version);
    const before = analyseQuality(around, facts);
    const alone = analyseQuality([lesson], facts);
    const key = qualityLessonKey(lesson);
    const recommendations: RecommendationResponse[] = [];
    for (const candidate of found.accepted) {
      if (candidate.kind === 'CLASSROOM' && !fits(candidate.lesson, facts)) continue;
      // A room change moves only the lesson's own seat penalties; a new pair moves the day and week of its groups and teacher.
      const change =
        candidate.kind === 'CLASSROOM'
          ? compareQuality(alone, analyseQuality([candidate.lesson], facts))
          : compareQuality(before, analyseQuality(around.map((item) => (qualityLessonKey(item) === key ? candidate.lesson : item)), facts));
      if (change.penaltyDelta >= 0) continue;
      recommendations.push({
        kind: candidate.kind,
        title: titleOf(candidate, facts),
        override: {
          baseRuleSlotId: query.scheduleRuleSlotId,
          lessonDate: query.lessonDate,
          targetLessonDate: candidate.change.targetLessonDate,
          action: candidate.change.action,
          newTimeSlotId: candidate.change.newTimeSlotId,
          newClassroomId: candidate.change.newClassroomId,
          newTeacherId: candidate.change.newTeacherId,
          newLessonFormat: candidate.change.newLessonFormat,
          comment: `Рекомендация анализа качества: ${change.improvements.join('; ')}`,
        },
        scoreDelta: scoreDeltaOf(totals.rawPenalty, totals.lessonCount, change.penaltyDelta),
        penaltyDelta: change.penaltyDelta,
        improvements: change.improvements,
        tradeOffs: change.tradeOffs,
        date: candidate.lesson.date,
        startTime: candidate.lesson.startTime,
        endTime: candidate.lesson.endTime,
        timeSlotId: candidate.lesson.timeSlotId,
        classroomId: candidate.lesson.classroomId,
        classroomName: facts.classrooms.get(candidate.lesson.classroomId)?.name ?? '',
      });
    }
    recommendations.sort(
      (a, b) => a.penaltyDelta - b.penaltyDelta || a.kind.localeCompare(b.kind) || a.startTime.localeCompare(b.startTime) || a.classroomId - b.classroomId,
    );
    return answer(null, recommendations.slice(0, RECOMMENDATIONS_LIMIT), found.accepted.length);
  }

  /**
   * What fixes the lesson's rule rather than the lesson (issue 45 §8): refused and answered as
   * unavailable exactly like `recommend`; the candidates are `RuleRecommendations`'.
   */
  async recommendForRule(query: RecommendationsQuery): Promise<RuleRecommendationsResponse> {
    const { version, refusal } = await this.preflight(query);
    const answer = (reason: string | null, scheduleRuleId: number | null, found = NO_RULE_CHANGE): RuleRecommendationsResponse => ({
      semesterId: version.semesterId,
      scheduleVersionId: version.versionId,
      scheduleVersionStatus: version.status,
      scheduleRuleId,
      scheduleRuleSlotId: query.scheduleRuleSlotId,
      lessonDate: query.lessonDate,
      available: reason === null,
      unavailableReason: reason,
      repeatedLessonCount: found.repeatedLessonCount,
      checkedCandidateCount: found.checkedCount,
      recommendations: found.recommendations,
    });
    if (refusal) return answer(refusal, null);
    const slot = await this.data.lessonSlot(query.scheduleRuleSlotId);
    if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
    // The lesson is found (and refused) as every lesson change finds it.
    const scene = await this.lessonChanges.locate(slot, query.lessonDate);
    const now = wallClockNow();
    if (hasBegun(scene.base.date, scene.base.startTime, now)) return answer(pastLesson(scene.base.date), scene.rule.id);
    const facts = await this.facts.facts(version.semesterId);
    const totals = await this.quality.totals(version);
    return answer(null, scene.rule.id, await this.rules.recommend({ version, scene, facts, totals, now }));
  }

  /**
   * The version, and why it gets no recommendations (null when it does): only lessons of the
   * publication that no one-off change pins. A slot unknown or of another version is a 400.
   */
  private async preflight(query: RecommendationsQuery): Promise<{ version: AnalysedVersion; refusal: string | null }> {
    const version = await this.quality.versionOf(query);
    const slot = await this.facts.slotVersion(query.scheduleRuleSlotId);
    if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
    if (slot.versionId !== version.versionId) {
      throw new BadRequestError(`Слот правила №${query.scheduleRuleSlotId} не относится к версии расписания №${version.versionId} этого семестра`);
    }
    if (version.status !== 'PUBLISHED') {
      return {
        version,
        refusal:
          `Версия №${version.versionNumber} — ${STATUS_TEXT[version.status]}: рекомендации строятся только для занятий опубликованной версии ` +
          '(оценка и проблемы версии есть в отчёте качества)',
      };
    }
    const pinnedBy = await this.facts.overrideOf(query.scheduleRuleSlotId, query.lessonDate);
    if (pinnedBy !== undefined) {
      return { version, refusal: `Занятие закреплено разовым изменением №${pinnedBy}: рекомендации для него не строятся (измените или удалите изменение)` };
    }
    return { version, refusal: null };
  }

  /**
   * The lessons whose penalties a new pair of `lesson` can move: those of its groups and its teacher in
   * its week (gaps and overloads are per day, uneven load per week; seats are the lesson's own).
   */
  private async lessonsAround(version: AnalysedVersion, lesson: ActualLesson): Promise<ActualLesson[]> {
    const startDate = addDays(lesson.date, 1 - isoDayOfWeek(lesson.date));
    const range = { startDate, endDate: addDays(startDate, 6) };
    const byGroups = await this.lessons.ofSemester(version.semesterId, { ...range, groupIds: lesson.rule.groupIds }, version.versionId);
    const byTeacher = await this.lessons.ofSemester(version.semesterId, { ...range, teacherIds: [lesson.teacherId] }, version.versionId);
    const merged = new Map<string, ActualLesson>();
    for (const item of [...(byGroups?.lessons ?? []), ...(byTeacher?.lessons ?? [])]) merged.set(qualityLessonKey(item), item);
    return [...merged.values()];
  }
}

function pastLesson(date: string): string {
  return `Занятие ${formatDate(date)} уже прошло: рекомендации строятся только для занятий, которые ещё впереди`;
}

/** A suitable room seats the lesson's students (an online lesson needs no seats). */
function fits(lesson: ActualLesson, facts: QualityFacts): boolean {
  if (lesson.slot.lessonFormat === 'Онлайн') return true;
  return (facts.classrooms.get(lesson.classroomId)?.capacity ?? 0) >= audienceSize(lesson, facts);
}

function titleOf(candidate: AcceptedCandidate, facts: QualityFacts): string {
  const { lesson } = candidate;
  if (candidate.kind === 'CLASSROOM') {
    const room = facts.classrooms.get(lesson.classroomId);
    return `Провести в аудитории «${room?.name ?? lesson.classroomId}» (${room?.capacity ?? 0} мест)`;
  }
  return `Перенести на пару ${lesson.timeSlotOrder} (${hhmm(lesson.startTime)}–${hhmm(lesson.endTime)}) того же дня`;
}
