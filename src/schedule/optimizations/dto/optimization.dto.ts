import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Min } from 'class-validator';
import { VersionLocksDto } from '../../core';
import { CalendarDateField, IntField, OneOfField, RequiredQueryId } from '../../../platform/http/validators';

export const OPTIMIZATION_MODES = ['GENERATE', 'REPAIR'] as const;
export type OptimizationMode = (typeof OPTIMIZATION_MODES)[number];

export const OPTIMIZATION_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'CANCELLED', 'FAILED'] as const;
export type OptimizationStatus = (typeof OPTIMIZATION_STATUSES)[number];

/** Why a finished job ended: its time limit, no better result for a while, every penalty 0, or a cancel. */
export const OPTIMIZATION_STOP_REASONS = ['TIME_LIMIT', 'NO_IMPROVEMENT', 'OPTIMUM', 'CANCELLED'] as const;
export type OptimizationStopReason = (typeof OPTIMIZATION_STOP_REASONS)[number];

/** What a job is doing: waiting, reading the version, building a placement, improving it, writing the draft, or finished. */
export const OPTIMIZATION_PHASES = ['QUEUED', 'LOADING', 'CONSTRUCTION', 'IMPROVEMENT', 'SAVING', 'DONE'] as const;
export type OptimizationPhase = (typeof OPTIMIZATION_PHASES)[number];

export const MIN_TIME_LIMIT_SECONDS = 5;
export const MAX_TIME_LIMIT_SECONDS = 3600;
export const DEFAULT_TIME_LIMIT_SECONDS = 120;
export const MAX_LOCKED_RULES = 20000;

export class OptimizationRequest {
  @ApiProperty({ description: 'GENERATE — разместить все неразмещённые и переставить все незакреплённые; REPAIR — исправить текущее размещение, двигая как можно меньше' })
  @OneOfField(OPTIMIZATION_MODES)
  mode!: OptimizationMode;

  @ApiPropertyOptional({ default: DEFAULT_TIME_LIMIT_SECONDS, description: 'Время расчёта, секунд' })
  @IntField({ optional: true, min: MIN_TIME_LIMIT_SECONDS, max: MAX_TIME_LIMIT_SECONDS })
  timeLimitSeconds?: number;

  @ApiPropertyOptional({ description: 'Зерно случайного поиска: тот же вход и зерно дают тот же ход поиска; без него — 1' })
  @IntField({ optional: true, min: 0, max: 2147483647 })
  seed?: number;

  @ApiPropertyOptional({ description: 'REPAIR: не больше стольких перемещённых занятий (слотов правил)' })
  @IntField({ optional: true, min: 0, max: 1000000 })
  maxMovedLessons?: number;

  @ApiPropertyOptional({ type: [Number], description: 'Правила этой версии, которые остаются на своих местах' })
  @IsOptional()
  @IsArray({ message: 'Поле «lockedRuleIds» должно быть списком id правил' })
  @ArrayMaxSize(MAX_LOCKED_RULES, { message: `Поле «lockedRuleIds» может содержать не более ${MAX_LOCKED_RULES} правил` })
  @IsInt({ each: true, message: 'Поле «lockedRuleIds» должно содержать целые числа' })
  @Min(1, { each: true, message: 'Поле «lockedRuleIds» должно содержать положительные числа' })
  lockedRuleIds?: number[];

  @ApiPropertyOptional({
    format: 'date',
    example: '2026-12-08',
    description:
      'Оптимизировать с этой даты (по времени университета): занятия до неё не меняются, расчёт двигает только занятия с неё, ' +
      'штрафы, оценки и movedLessons считают занятия с неё. Без неё — завтра в идущем семестре, первый день семестра до его начала. Вне семестра — 400',
  })
  @CalendarDateField({ optional: true })
  fromDate?: string;
}

export class OptimizationListQuery {
  @ApiProperty({ description: 'Исходная версия расписания' })
  @RequiredQueryId()
  versionId!: number;
}

export class OptimizationPenalty {
  @ApiProperty({ example: 'GROUP_GAPS' }) code!: string;
  @ApiProperty({ example: 'Окна у групп' }) label!: string;
  @ApiProperty() value!: number;
  @ApiProperty() penalty!: number;
}

export class UnplacedReasonDto {
  @ApiProperty({ enum: ['TEACHER_BUSY', 'GROUP_BUSY', 'ROOM_BUSY', 'NO_ROOM', 'UNAVAILABLE', 'LOCKED', 'REFUSED'] }) code!: string;
  @ApiProperty({ description: 'По-русски, для человека' }) text!: string;
  @ApiProperty({ description: 'Сколько клеток сетки (день × пара) закрыто этой причиной' }) cells!: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Правило, которое занимает ресурс' }) blockingRuleId!: number | null;
}

export class UnplacedSlotDto {
  @ApiProperty({ description: 'Правило исходной версии' }) ruleId!: number;
  @ApiProperty({ description: 'Слот исходной версии' }) slotId!: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Правило в версии-результате (его копия)' }) resultRuleId!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Слот в версии-результате' }) resultSlotId!: number | null;
  @ApiProperty({ example: '№12 «Физика», лекция' }) label!: string;
  @ApiProperty({ type: [UnplacedReasonDto], description: 'По убыванию числа клеток' }) reasons!: UnplacedReasonDto[];
}

export class UnplacedBlockerDto {
  @ApiProperty({ description: 'Что мешает, по-русски' }) text!: string;
  @ApiProperty({ description: 'Сколько неразмещённых занятий упирается в это' }) slots!: number;
}

export class UnplacedReportDto {
  @ApiProperty({ type: [UnplacedSlotDto] }) slots!: UnplacedSlotDto[];
  @ApiProperty({ type: [UnplacedBlockerDto], description: 'Самые частые препятствия, не более 10' }) topBlockers!: UnplacedBlockerDto[];
}

export class OptimizationJobResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'Исходная версия (не меняется)' }) versionId!: number;
  @ApiProperty() semesterId!: number;
  @ApiProperty({ enum: OPTIMIZATION_MODES }) mode!: OptimizationMode;
  @ApiProperty({ enum: OPTIMIZATION_STATUSES }) status!: OptimizationStatus;
  @ApiProperty({ enum: OPTIMIZATION_PHASES }) phase!: OptimizationPhase;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) startedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
  @ApiProperty({ description: 'Секунд с начала расчёта (до конца, если он закончен)' }) elapsedSeconds!: number;
  @ApiProperty() timeLimitSeconds!: number;
  @ApiProperty() seed!: number;
  @ApiProperty({ type: Number, nullable: true }) maxMovedLessons!: number | null;
  @ApiProperty({ type: [Number], description: 'Правила, закреплённые в запросе расчёта' }) lockedRuleIds!: number[];
  @ApiProperty({
    type: VersionLocksDto,
    nullable: true,
    description: 'Закрепления исходной версии на момент постановки расчёта (и правила, которые они держат); null у расчётов до их появления',
  })
  versionLocks!: VersionLocksDto | null;
  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    description: 'С какой даты расчёт менял расписание: занятия до неё остались как были; null у расчётов до появления этого поля',
  })
  fromDate!: string | null;
  @ApiProperty({ description: 'Слотов правил в задаче' }) totalSlots!: number;
  @ApiProperty({ description: 'Из них размещено' }) placedSlots!: number;
  @ApiProperty({ description: 'Жёстких нарушений в лучшем найденном' }) hardViolations!: number;
  @ApiProperty({ description: 'Слотов, поставленных не туда, где они были (только действующих с fromDate)' }) movedLessons!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Оценка качества исходной версии (как в отчёте о качестве, 0..100)' }) initialScore!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Оценка лучшего найденного: во время расчёта — оценка поиска, по окончании — отчёт о качестве версии-результата',
  })
  bestScore!: number | null;
  @ApiProperty({ type: [OptimizationPenalty] }) penalties!: OptimizationPenalty[];
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Черновик с результатом; null, если расчёт ничего не изменил (черновик не создаётся, message объясняет), или черновик удалён',
  })
  resultVersionId!: number | null;
  @ApiProperty({ type: UnplacedReportDto }) unplaced!: UnplacedReportDto;
  @ApiProperty({
    enum: OPTIMIZATION_STOP_REASONS,
    nullable: true,
    description:
      'Почему расчёт закончился: TIME_LIMIT — истекло время; NO_IMPROVEMENT — лучший результат не улучшался max(30 с, пятую часть времени); ' +
      'OPTIMUM — все штрафы равны 0; CANCELLED — остановлен. null, пока расчёт ждёт или идёт, и у расчёта с ошибкой',
  })
  stopReason!: OptimizationStopReason | null;
  @ApiProperty({ type: String, nullable: true, description: 'Итог или причина ошибки, по-русски' }) message!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
}
