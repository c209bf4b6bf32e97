import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AffectedRequestResponse } from '../../core';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsDefined, IsInt, IsOptional, Min, ValidateNested, ValidationArguments } from 'class-validator';
import { CalendarDateField, IdField, OneOfField } from '../../../platform/http/validators';
import { RedundantOverrideResponse } from './schedule-rule-response.dto';
import { OverrideDecisionRequest } from './schedule-rule.dto';

const say = (text: string) => (args: ValidationArguments) => `Поле «${args.property}» ${text}`;

export const BULK_ACTIONS = ['MOVE', 'ARCHIVE', 'CHANGE_TEACHER', 'CHANGE_CLASSROOM'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const MAX_BULK_RULES = 200;

/** Issue 45 §8: one confirmed change of several rules of one semester, all or nothing. */
export class RuleBulkRequest {
  @ApiProperty({ type: [Number], minItems: 1, maxItems: MAX_BULK_RULES, description: 'Выбранные правила одного семестра' })
  @IsDefined({ message: say('обязательно') })
  @IsArray({ message: say('должно быть массивом идентификаторов') })
  @ArrayMinSize(1, { message: 'Выберите хотя бы одно правило' })
  @ArrayMaxSize(MAX_BULK_RULES, { message: say(`может содержать не более ${MAX_BULK_RULES} значений`) })
  @ArrayUnique({ message: say('не должно содержать повторов') })
  @IsInt({ each: true, message: say('должно содержать целые числа') })
  @Min(1, { each: true, message: say('должно содержать положительные числа') })
  ruleIds!: number[];

  @ApiProperty({
    enum: BULK_ACTIONS,
    description:
      'MOVE — перенести в другую версию того же семестра (targetVersionId); ARCHIVE — архивировать; CHANGE_TEACHER — преподаватель ' +
      'всех слотов правил (teacherId); CHANGE_CLASSROOM — аудитория всех размещённых слотов правил (classroomId)',
  })
  @OneOfField(BULK_ACTIONS)
  action!: BulkAction;

  @ApiPropertyOptional({ description: 'Для MOVE: версия PUBLISHED или DRAFT того же семестра' })
  @IdField({ optional: true })
  targetVersionId?: number;

  @ApiPropertyOptional({ description: 'Для CHANGE_TEACHER' })
  @IdField({ optional: true })
  teacherId?: number;

  @ApiPropertyOptional({ description: 'Для CHANGE_CLASSROOM' })
  @IdField({ optional: true })
  classroomId?: number;

  @ApiPropertyOptional({
    format: 'date',
    description:
      'Для ARCHIVE, CHANGE_TEACHER и CHANGE_CLASSROOM: с какой даты действует изменение (занятия до неё остаются). Каждое правило ' +
      'меняется как PUT (или DELETE) с этой датой. Без поля — весь семестр. Для MOVE не допускается (перенос в версию — на весь семестр).',
  })
  @CalendarDateField({ optional: true })
  effectiveFrom?: string;

  @ApiPropertyOptional({ type: [OverrideDecisionRequest], description: 'Решения по разовым изменениям, которые больше не совпадают (как у PUT)' })
  @IsOptional()
  @IsArray({ message: say('должно быть массивом решений') })
  @ArrayMaxSize(5000, { message: say('может содержать не более 5000 решений') })
  @ValidateNested({ each: true })
  @Type(() => OverrideDecisionRequest)
  overrideDecisions?: OverrideDecisionRequest[];
}

export class RuleBulkResponse {
  @ApiProperty({ enum: BULK_ACTIONS }) action!: BulkAction;
  @ApiProperty({ type: [Number], description: 'Изменённые правила (все выбранные)' }) ruleIds!: number[];
  @ApiProperty({ description: 'Сколько правил изменено' }) changed!: number;
  @ApiPropertyOptional({
    type: [RedundantOverrideResponse],
    description:
      'С effectiveFrom: замены (REPLACE), которые новое размещение сделало пустыми (тот же преподаватель, аудитория и формат): удалены как лишние; нет поля — таких нет',
  })
  redundantOverrides?: RedundantOverrideResponse[];
  @ApiPropertyOptional({
    type: [AffectedRequestResponse],
    description: 'С effectiveFrom, только если такие были: заявки преподавателей и решения по отсутствиям на занятия правил с этой даты (FOLLOWED, REJECTED, REOPENED)',
  })
  affectedRequests?: AffectedRequestResponse[];
}
