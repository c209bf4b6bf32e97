import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQuery } from '../../../platform/http/paging';
import { CalendarDateField, IdField, OneOfField, QueryId, QueryText, RequiredQueryId, TextField } from '../../../platform/http/validators';
import { LESSON_FORMATS } from '../../../schedule-engine/rule-model';
import { OVERRIDE_ACTIONS, OverrideAction } from '../../../schedule-engine/override-application';

export const MAX_COMMENT_LENGTH = 2000;

/** Spec 2, schedule override (request): one lesson (`baseRuleSlotId + lessonDate`) and what happens to it. */
export class OverrideRequest {
  @ApiProperty({ description: 'Слот правила, из которого построено занятие' })
  @IdField()
  baseRuleSlotId!: number;

  @ApiProperty({ example: '2026-09-08', description: 'Исходная дата занятия (вместе со слотом называет занятие)' })
  @CalendarDateField()
  lessonDate!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2026-09-10',
    description: 'Только для MOVE на другой день того же семестра; равная lessonDate считается отсутствующей',
  })
  @CalendarDateField({ optional: true })
  targetLessonDate?: string | null;

  @ApiProperty({ enum: OVERRIDE_ACTIONS, description: 'CANCEL — отмена, MOVE — перенос, REPLACE — замена преподавателя, аудитории или формата' })
  @OneOfField(OVERRIDE_ACTIONS)
  action!: OverrideAction;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'MOVE: пара сетки, действующей в день занятия (ручной, субботней или основной)' })
  @IdField({ optional: true })
  newTimeSlotId?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'MOVE или REPLACE: новая аудитория (не в архиве)' })
  @IdField({ optional: true })
  newClassroomId?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'MOVE или REPLACE: новый преподаватель (действующий пользователь с ролью TEACHER)' })
  @IdField({ optional: true })
  newTeacherId?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: LESSON_FORMATS, description: 'MOVE или REPLACE: новый формат занятия' })
  @OneOfField(LESSON_FORMATS, { optional: true })
  newLessonFormat?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_COMMENT_LENGTH, description: 'Комментарий (причина изменения)' })
  @TextField({ optional: true, maxLength: MAX_COMMENT_LENGTH })
  comment?: string | null;
}

/** The registry range: both dates or neither; inclusive; at most 200 dates. */
export class OverrideRegistryQuery {
  @ApiPropertyOptional({ example: '2026-09-01', description: 'Начало периода (включительно); только вместе с endDate' })
  @CalendarDateField({ optional: true })
  startDate?: string;

  @ApiPropertyOptional({ example: '2026-09-30', description: 'Конец периода (включительно); не более 200 дат' })
  @CalendarDateField({ optional: true })
  endDate?: string;
}

export class OverrideRegistryPageQuery extends PageQuery {
  @ApiPropertyOptional({ example: '2026-09-01', description: 'Начало периода (включительно); только вместе с endDate' })
  @CalendarDateField({ optional: true })
  startDate?: string;

  @ApiPropertyOptional({ example: '2026-09-30', description: 'Конец периода (включительно); не более 200 дат' })
  @CalendarDateField({ optional: true })
  endDate?: string;

  @ApiPropertyOptional({ enum: OVERRIDE_ACTIONS, description: 'Только изменения этого вида' })
  @OneOfField(OVERRIDE_ACTIONS, { optional: true })
  action?: OverrideAction;

  @ApiPropertyOptional({ description: 'Только занятия этой группы' })
  @QueryId()
  groupId?: number;

  @ApiPropertyOptional({ description: 'Только занятия, где этот преподаватель был или стал ведущим' })
  @QueryId()
  teacherId?: number;

  @ApiPropertyOptional({ description: 'Только занятия, где эта аудитория была или стала местом занятия' })
  @QueryId()
  classroomId?: number;

  @ApiPropertyOptional({ description: 'Часть названия дисциплины, группы, имени преподавателя или аудитории (без учёта регистра)' })
  @QueryText()
  query?: string;
}

export class OverrideAvailabilityQuery {
  @ApiProperty({ description: 'Слот правила занятия' })
  @RequiredQueryId()
  baseRuleSlotId!: number;

  @ApiProperty({ example: '2026-09-08', description: 'Исходная дата занятия' })
  @CalendarDateField()
  lessonDate!: string;
}
