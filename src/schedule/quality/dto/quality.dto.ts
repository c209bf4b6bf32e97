import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CalendarDateField, QueryId, RequiredQueryId } from '../../../platform/http/validators';
import { OVERRIDE_ACTIONS } from '../../../schedule-engine/override-application';
import { QUALITY_METRIC_CODES, QUALITY_PROBLEM_TYPES, SCORE_EXPLANATION } from '../../../schedule-engine/quality';
import { LESSON_FORMATS } from '../../../schedule-engine/rule-model';

export const RULE_RECOMMENDATION_KINDS = ['RULE_TIME_SLOT', 'RULE_CLASSROOM'] as const;
export type RuleRecommendationKind = (typeof RULE_RECOMMENDATION_KINDS)[number];

export class QualityQuery {
  @ApiProperty({ description: 'Семестр' })
  @RequiredQueryId()
  semesterId!: number;

  @ApiPropertyOptional({ description: 'Версия расписания семестра; без неё — опубликованная' })
  @QueryId()
  versionId?: number;
}

export class RecommendationsQuery extends QualityQuery {
  @ApiProperty({ description: 'Слот правила занятия (как scheduleRuleSlotId проблемы отчёта)' })
  @RequiredQueryId()
  scheduleRuleSlotId!: number;

  @ApiProperty({ example: '2026-09-08', description: 'Исходная дата занятия' })
  @CalendarDateField()
  lessonDate!: string;
}

export class QualityMetricResponse {
  @ApiProperty({ enum: QUALITY_METRIC_CODES }) code!: string;
  @ApiProperty({ example: 'Окна у групп' }) label!: string;
  @ApiProperty({ description: 'Величина показателя в единицах unit (у окон подгрупп возможны дробные доли)' }) value!: number;
  @ApiProperty({ example: 'пар' }) unit!: string;
  @ApiProperty({ description: 'Штраф показателя (сумма штрафов занятий)' }) penalty!: number;
  @ApiProperty({ description: 'Что считается и сколько стоит' }) explanation!: string;
}

export class QualityProblemResponse {
  @ApiProperty({ example: 'RULE:12' }) id!: string;
  @ApiProperty({ enum: QUALITY_PROBLEM_TYPES, description: 'Вид с наибольшим штрафом' }) type!: string;
  @ApiProperty({ enum: ['HIGH', 'MEDIUM', 'LOW'] }) severity!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty() penalty!: number;
  @ApiProperty() scheduleRuleId!: number;
  @ApiProperty({ description: 'Занятия правила, у которых есть штраф' }) affectedLessonCount!: number;
  @ApiProperty({ enum: QUALITY_PROBLEM_TYPES, isArray: true, description: 'Виды проблем, по убыванию штрафа' }) problemTypes!: string[];
  @ApiProperty({ type: [String], description: 'Короткие описания, по убыванию штрафа (не более 10)' }) issueLabels!: string[];
  @ApiProperty({ description: 'Слот занятия с наибольшим штрафом (для открытия и рекомендаций)' }) scheduleRuleSlotId!: number;
  @ApiProperty({ example: '2026-09-08', description: 'Исходная дата этого занятия' }) lessonDate!: string;
  @ApiProperty({ description: 'Можно ли запросить рекомендации: опубликованная версия и занятие без разового изменения' }) optimizable!: boolean;
}

export class QualityReportResponse {
  @ApiProperty() semesterId!: number;
  @ApiProperty({ example: '2026-2027, осенний семестр' }) semesterLabel!: string;
  @ApiProperty() scheduleVersionId!: number;
  @ApiProperty() scheduleVersionNumber!: number;
  @ApiProperty() scheduleVersionName!: string;
  @ApiProperty({ enum: ['DRAFT', 'PUBLISHED', 'ARCHIVED'] }) scheduleVersionStatus!: string;
  @ApiProperty({ minimum: 0, maximum: 100, description: `0..100. ${SCORE_EXPLANATION}` }) score!: number;
  @ApiProperty({ description: 'Как читать score (тот же текст, что в описании поля)' }) scoreExplanation!: string;
  @ApiProperty({ description: 'Сумма штрафов' }) rawPenalty!: number;
  @ApiProperty() lessonCount!: number;
  @ApiProperty({ description: 'Слоты черновика без дня, пары и аудитории: занятий у них нет, в оценке они не участвуют' })
  unplacedSlotCount!: number;
  @ApiProperty({ description: 'Число правил с проблемами' }) totalProblemCount!: number;
  @ApiProperty({ description: 'true, если проблем больше 300 и список обрезан' }) problemsTruncated!: boolean;
  @ApiProperty({ type: [QualityMetricResponse] }) metrics!: QualityMetricResponse[];
  @ApiProperty({ type: [QualityProblemResponse], description: 'По убыванию штрафа, не более 300' }) problems!: QualityProblemResponse[];
}

/** The body to send as is to POST /api/edu-office/schedule/overrides. */
export class RecommendedOverride {
  @ApiProperty() baseRuleSlotId!: number;
  @ApiProperty({ example: '2026-09-08' }) lessonDate!: string;
  @ApiProperty({ type: String, nullable: true }) targetLessonDate!: string | null;
  @ApiProperty({ enum: OVERRIDE_ACTIONS }) action!: string;
  @ApiProperty({ type: Number, nullable: true }) newTimeSlotId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) newClassroomId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) newTeacherId!: number | null;
  @ApiProperty({ type: String, nullable: true, enum: LESSON_FORMATS }) newLessonFormat!: string | null;
  @ApiProperty({ type: String }) comment!: string;
}

export class RecommendationResponse {
  @ApiProperty({ enum: ['TIME_SLOT', 'CLASSROOM'], description: 'Другая пара того же дня или другая свободная аудитория' }) kind!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: RecommendedOverride }) override!: RecommendedOverride;
  @ApiProperty({ description: 'Изменение оценки версии (положительное — лучше)' }) scoreDelta!: number;
  @ApiProperty({ description: 'Изменение суммы штрафов (отрицательное — лучше)' }) penaltyDelta!: number;
  @ApiProperty({ type: [String] }) improvements!: string[];
  @ApiProperty({ type: [String] }) tradeOffs!: string[];
  @ApiProperty({ example: '2026-09-08' }) date!: string;
  @ApiProperty({ example: '10:10:00' }) startTime!: string;
  @ApiProperty({ example: '11:40:00' }) endTime!: string;
  @ApiProperty() timeSlotId!: number;
  @ApiProperty() classroomId!: number;
  @ApiProperty() classroomName!: string;
}

/** One slot of the rule body to send as is to PUT /api/admin/schedule-rules/{id}. */
export class RecommendedRuleSlot {
  @ApiProperty({ description: 'Существующий слот правила (сохраняется)' }) id!: number;
  @ApiProperty({ minimum: 1, maximum: 7, description: 'День недели ISO' }) dayOfWeek!: number;
  @ApiProperty({ enum: ['BOTH', 'ODD', 'EVEN'] }) parity!: 'BOTH' | 'ODD' | 'EVEN';
  @ApiProperty({ description: 'Пара основной сетки' }) timeSlotId!: number;
  @ApiProperty({ type: [Number], description: 'Подгруппы (только у лабораторных работ)' }) subgroupIds!: number[];
  @ApiProperty() teacherId!: number;
  @ApiProperty() classroomId!: number;
  @ApiProperty() lessonTypeId!: number;
  @ApiProperty({ enum: LESSON_FORMATS }) lessonFormat!: string;
}

/** The whole rule body (spec 2, rule request) with the one slot changed: what the client PUTs to the rule. */
export class RecommendedRule {
  @ApiProperty() scheduleVersionId!: number;
  @ApiProperty() semesterId!: number;
  @ApiProperty() subjectId!: number;
  @ApiProperty() lectureAcademicHours!: number;
  @ApiProperty() laboratoryAcademicHours!: number;
  @ApiProperty() practiceAcademicHours!: number;
  @ApiProperty() lectureStartWeek!: number;
  @ApiProperty() laboratoryStartWeek!: number;
  @ApiProperty() practiceStartWeek!: number;
  @ApiProperty({ type: [Number] }) groupIds!: number[];
  @ApiProperty({ type: [RecommendedRuleSlot], description: 'Все слоты текущего вида правила; изменён только слот scheduleRuleSlotId' }) slots!: RecommendedRuleSlot[];
  @ApiPropertyOptional({ example: '2026-10-02', description: 'С какого дня действует изменение (завтра в начавшемся семестре: прошедшие занятия не меняются); нет — весь семестр' })
  effectiveFrom?: string;
}

export class RuleRecommendationResponse {
  @ApiProperty({
    enum: RULE_RECOMMENDATION_KINDS,
    description: 'RULE_TIME_SLOT — слот правила на другую пару того же дня недели, RULE_CLASSROOM — в другую аудиторию; для всех оставшихся занятий',
  })
  kind!: string;
  @ApiProperty({ example: 'Перенести правило на 2-ю пару (10:10–11:40) по вторникам' }) title!: string;
  @ApiProperty({ example: 'на 2-ю пару (10:10–11:40) по вторникам', description: 'Куда переходит слот, для фразы «Правило №12 перенесено …»' })
  placeText!: string;
  @ApiProperty() scheduleRuleId!: number;
  @ApiProperty({ description: 'Изменяемый слот правила' }) scheduleRuleSlotId!: number;
  @ApiProperty({
    type: RecommendedRule,
    description: 'Готовое тело для PUT /api/admin/schedule-rules/{scheduleRuleId}; проверено теми же проверками, что и это изменение правила',
  })
  rule!: RecommendedRule;
  @ApiProperty({ description: 'Изменение оценки версии (положительное — лучше)' }) scoreDelta!: number;
  @ApiProperty({ description: 'Изменение суммы штрафов по всем оставшимся занятиям правила и их соседям (отрицательное — лучше)' }) penaltyDelta!: number;
  @ApiProperty({ type: [String] }) improvements!: string[];
  @ApiProperty({ type: [String] }) tradeOffs!: string[];
  @ApiProperty({ description: 'Оставшиеся занятия слота, у которых изменятся пара или аудитория' }) changedLessonCount!: number;
  @ApiProperty({ description: 'Уже начавшиеся занятия слота, которые изменение перепишет (0, когда оно действует с завтрашнего дня; в оценке они не учитываются)' }) pastLessonCount!: number;
  @ApiProperty({ minimum: 1, maximum: 7 }) dayOfWeek!: number;
  @ApiProperty({ description: 'Пара основной сетки после изменения' }) timeSlotId!: number;
  @ApiProperty() timeSlotOrder!: number;
  @ApiProperty({ example: '10:10:00' }) startTime!: string;
  @ApiProperty({ example: '11:40:00' }) endTime!: string;
  @ApiProperty() classroomId!: number;
  @ApiProperty() classroomName!: string;
}

export class RecommendationsResponse {
  @ApiProperty() semesterId!: number;
  @ApiProperty() scheduleVersionId!: number;
  @ApiProperty({ enum: ['DRAFT', 'PUBLISHED', 'ARCHIVED'] }) scheduleVersionStatus!: string;
  @ApiProperty() scheduleRuleSlotId!: number;
  @ApiProperty({ example: '2026-09-08' }) lessonDate!: string;
  @ApiProperty({ description: 'false — рекомендаций нет по причине unavailableReason (черновик, архив, закреплённое занятие)' }) available!: boolean;
  @ApiProperty({ type: String, nullable: true }) unavailableReason!: string | null;
  @ApiProperty({ description: 'Проверенных вариантов всего (включая не улучшающие)' }) checkedCandidateCount!: number;
  @ApiProperty({ type: [RecommendationResponse], description: 'Только улучшающие варианты, лучшие первыми, не более 20; ничего не применяется' })
  recommendations!: RecommendationResponse[];
}

export class RuleRecommendationsResponse {
  @ApiProperty() semesterId!: number;
  @ApiProperty() scheduleVersionId!: number;
  @ApiProperty({ enum: ['DRAFT', 'PUBLISHED', 'ARCHIVED'] }) scheduleVersionStatus!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Правило занятия (пусто, когда рекомендаций нет из-за версии или разового изменения)' })
  scheduleRuleId!: number | null;
  @ApiProperty() scheduleRuleSlotId!: number;
  @ApiProperty({ example: '2026-09-08' }) lessonDate!: string;
  @ApiProperty({ description: 'false — рекомендаций нет по причине unavailableReason (черновик, архив, закреплённое или прошедшее занятие)' })
  available!: boolean;
  @ApiProperty({ type: String, nullable: true }) unavailableReason!: string | null;
  @ApiProperty({ description: 'Оставшиеся занятия слота, у которых есть штраф; изменения правила ищутся, когда их не меньше двух (проблема повторяется)' })
  repeatedLessonCount!: number;
  @ApiProperty({ description: 'Улучшающих вариантов, проверенных проверками изменения правила (PUT /api/admin/schedule-rules/{id}), не более 30' })
  checkedCandidateCount!: number;
  @ApiProperty({
    type: [RuleRecommendationResponse],
    description:
      'Слот правила на другую пару того же дня недели (с другой аудиторией, если занята только своя) или в другую аудиторию — для всех ' +
      'оставшихся занятий. Каждый вариант прошёл проверки изменения правила, оценён по всем оставшимся занятиям правила и снижает штраф; ' +
      'лучшие первыми, не более 5. Ничего не применяется',
  })
  recommendations!: RuleRecommendationResponse[];
}
