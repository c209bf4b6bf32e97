import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ConflictField } from '../../../schedule-engine/conflicts';
import { AffectedRequestResponse } from '../../core';
import { PROBLEM_TYPES, ProblemType, RuleProblem } from '../../../schedule-engine/rule-problems';

export class VersionProblem implements RuleProblem {
  @ApiProperty({ description: 'Правило с проблемой (у конфликта — меньший id пары)' }) ruleId!: number;
  @ApiPropertyOptional({ description: 'Второе правило конфликта; нет, если пересекаются слоты одного правила' }) otherRuleId?: number;
  @ApiPropertyOptional({ description: 'Слот правила у проблемы UNPLACED (занятие черновика без дня, пары и аудитории)' }) scheduleRuleSlotId?: number;
  @ApiProperty({ enum: PROBLEM_TYPES }) type!: ProblemType;
  @ApiPropertyOptional({ type: [String], enum: ['teacher', 'classroom', 'group'], isArray: true }) fields?: ConflictField[];
  @ApiPropertyOptional({ example: '2026-09-01', description: 'Дата первого пересечения' }) date?: string;
  @ApiPropertyOptional({ example: '08:30:00' }) startTime?: string;
  @ApiProperty() message!: string;
  @ApiPropertyOptional({ description: 'PAST_LESSONS: сколько уже прошедших занятий правила изменит публикация' }) pastLessonCount?: number;
}

/** A one-off change the publication from a date would not carry over without the office's choice. */
export class UnmatchedOverrideResponse {
  @ApiProperty() overrideId!: number;
  @ApiProperty({ enum: ['CANCEL', 'MOVE', 'REPLACE'] }) action!: string;
  @ApiProperty({ format: 'date', description: 'Исходная дата занятия' }) lessonDate!: string;
  @ApiProperty({ description: 'Почему оно больше не совпадает с занятием' }) reason!: string;
  @ApiProperty({ description: 'Можно ли оставить его на занятии правила в ту же неделю (KEEP)' }) keepable!: boolean;
}

export class VersionValidationResponse {
  @ApiProperty() versionId!: number;
  @ApiProperty({ description: 'Нет ни одной проблемы' }) valid!: boolean;
  @ApiProperty({ description: 'Проверено действующих правил' }) ruleCount!: number;
  @ApiProperty({ description: 'Сгенерировано и сверено занятий' }) checkedLessonCount!: number;
  @ApiProperty({ description: 'Всего проблем (список ограничен)' }) problemCount!: number;
  @ApiProperty({ description: 'Неразмещённых слотов (занятий черновика без дня, пары и аудитории); каждый — проблема UNPLACED' })
  unplacedSlotCount!: number;
  @ApiProperty({
    description:
      'Прошедших занятий, которые изменит публикация черновика (проблемы PAST_LESSONS по правилам; публикацию не запрещают, но делают valid ложным)',
  })
  pastLessonCount!: number;
  @ApiProperty() problemsTruncated!: boolean;
  @ApiProperty({ type: [VersionProblem], description: 'Сначала проблемы ссылок и часов по id правила, затем конфликты по дате' })
  problems!: VersionProblem[];
  @ApiPropertyOptional({ format: 'date', description: 'С effectiveFrom: дата, с которой проверена публикация (прошлое до неё — из опубликованной версии)' })
  effectiveFrom?: string;
  @ApiPropertyOptional({
    type: [UnmatchedOverrideResponse],
    description: 'С effectiveFrom: разовые изменения с этой даты, для которых при публикации нужно решение (overrideDecisions)',
  })
  unmatchedOverrides?: UnmatchedOverrideResponse[];
  @ApiPropertyOptional({
    type: [UnmatchedOverrideResponse],
    description:
      'С effectiveFrom: замены (REPLACE) с этой даты, которые размещение черновика делает пустыми (тот же преподаватель, аудитория и формат): при публикации они удаляются (keepable всегда false)',
  })
  redundantOverrides?: UnmatchedOverrideResponse[];
  @ApiPropertyOptional({
    type: [AffectedRequestResponse],
    description: 'С effectiveFrom, только если такие есть: заявки преподавателей и решения по отсутствиям на занятия с этой даты, которые публикация перенесёт, отклонит или снимет',
  })
  affectedRequests?: AffectedRequestResponse[];
}
