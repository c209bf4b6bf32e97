import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { PageQuery } from '../../../platform/http/paging';
import { CalendarDateField, IdField, QueryBool, QueryId, QueryText } from '../../../platform/http/validators';
import { LESSON_FORMATS } from '../../../schedule-engine/rule-model';
import { PARITIES, SlotParity } from './schedule-rule.dto';
import { AffectedRequestResponse } from '../../core';

export class RuleListQuery {
  @ApiPropertyOptional({ description: 'Без versionId — опубликованная версия этого семестра' }) @QueryId() semesterId?: number;
  @ApiPropertyOptional({ description: 'Правила, в которые входит группа' }) @QueryId() groupId?: number;
  @ApiPropertyOptional({ description: 'Версия расписания; без неё — только текущие опубликованные версии' }) @QueryId() versionId?: number;
}

/** Always newest rule first (id descending); `direction` is not used. */
export class RulePageQuery extends PageQuery {
  @ApiProperty({ description: 'Версия расписания (обязательно)' })
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? Number.NaN : Number(value)))
  @IdField()
  versionId!: number;

  @ApiPropertyOptional({ description: 'Название дисциплины или группы (без учёта регистра) либо точный идентификатор правила' })
  @QueryText()
  query?: string;
}

export class RuleSlotResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ minimum: 1, maximum: 7, nullable: true, type: Number, description: 'null вместе с парой и аудиторией: занятие черновика не размещено' })
  dayOfWeek!: number | null;
  @ApiProperty({ enum: PARITIES }) parity!: SlotParity;
  @ApiProperty({ nullable: true, type: Number }) timeSlotId!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Единственная подгруппа слота, иначе null' }) subgroupId!: number | null;
  @ApiProperty({ type: [Number] }) subgroupIds!: number[];
  @ApiProperty() teacherId!: number;
  @ApiProperty() teacherName!: string;
  @ApiProperty({ nullable: true, type: Number }) classroomId!: number | null;
  @ApiProperty({ nullable: true, type: String }) classroomName!: string | null;
  @ApiProperty() lessonTypeId!: number;
  @ApiProperty() lessonTypeName!: string;
  @ApiProperty({ enum: LESSON_FORMATS }) lessonFormat!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date', description: 'Первый день периода слота; null — с начала семестра' })
  activeFrom!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date', description: 'Последний день периода слота; null — до конца семестра' })
  activeTo!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Слот предыдущего периода, который этот продолжает (изменение с даты)' })
  continuesSlotId!: number | null;
}

export class RuleResponse {
  @ApiProperty() id!: number;
  @ApiProperty() scheduleVersionId!: number;
  @ApiProperty() semesterId!: number;
  @ApiProperty() subjectId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty({ enum: ['ACTIVE', 'ARCHIVED'] }) status!: 'ACTIVE' | 'ARCHIVED';
  @ApiProperty() lectureAcademicHours!: number;
  @ApiProperty() laboratoryAcademicHours!: number;
  @ApiProperty() practiceAcademicHours!: number;
  @ApiProperty() lectureStartWeek!: number;
  @ApiProperty() laboratoryStartWeek!: number;
  @ApiProperty() practiceStartWeek!: number;
  @ApiProperty({ type: [Number], description: 'По возрастанию id' }) groupIds!: number[];
  @ApiProperty({ type: [String], description: 'В порядке groupIds' }) groupNames!: string[];
  @ApiProperty({ type: [RuleSlotResponse], description: 'Текущий вид правила: слоты, период которых действует с завтрашнего дня (у завершённого правила — последний вид), по id' })
  slots!: RuleSlotResponse[];
  @ApiPropertyOptional({ type: [RuleSlotResponse], description: 'Только с history=true: закрытые периоды (закончились не позже сегодняшнего дня), только для чтения' })
  history?: RuleSlotResponse[];
  @ApiProperty({ nullable: true, type: String, format: 'date', description: 'Последний день правила, если оно завершено с даты (все слоты закрыты); иначе null' })
  activeTo!: string | null;
  @ApiProperty({ example: '2026-09-01T10:00:00.000Z' }) createdAt!: Date;
  @ApiProperty({ example: '2026-09-01T10:00:00.000Z' }) updatedAt!: Date;
}

export class RuleHistoryQuery {
  @ApiPropertyOptional({ description: 'true — добавить закрытые периоды слотов (history)' })
  @QueryBool()
  history?: boolean;
}

/**
 * What a write that names `effectiveFrom` answers: the rule, and what the change did to lessons already
 * given and to the hours (without `effectiveFrom`, the spec's rule body alone).
 */
/** A one-off change the write deleted as redundant (issue 53). */
export class RedundantOverrideResponse {
  @ApiProperty() overrideId!: number;
  @ApiProperty() action!: string;
  @ApiProperty({ format: 'date' }) lessonDate!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ description: 'Всегда false: удалено, выбирать нечего' }) keepable!: boolean;
}

export class RuleWriteResponse extends RuleResponse {
  @ApiProperty({ format: 'date', description: 'С какой даты действует изменение (по умолчанию — первый день семестра)' })
  effectiveFrom!: string;
  @ApiProperty({ description: 'Сколько занятий до завтрашнего дня изменила запись (исправление прошлого); 0 — прошлое не тронуто' })
  pastLessonsChanged!: number;
  @ApiProperty({ description: 'Сколько академических часов не уместилось в оставшиеся даты семестра' })
  hoursNotFitted!: number;
  @ApiPropertyOptional({
    type: [RedundantOverrideResponse],
    description: 'Замены (REPLACE), которые новое размещение сделало пустыми (тот же преподаватель, аудитория и формат): удалены как лишние',
  })
  redundantOverrides?: RedundantOverrideResponse[];
  @ApiPropertyOptional({
    type: [AffectedRequestResponse],
    description:
      'Только если такие были: заявки преподавателей и решения по отсутствиям на занятия правила с effectiveFrom — перенесены за занятием (FOLLOWED), ' +
      'отклонены (REJECTED) или сняты, чтобы занятие решить заново (REOPENED)',
  })
  affectedRequests?: AffectedRequestResponse[];
}

export class EffectiveFromQuery {
  @ApiPropertyOptional({ format: 'date', description: 'Архивирование с даты: правило завершается накануне, его прошедшие занятия остаются' })
  @CalendarDateField({ optional: true })
  effectiveFrom?: string;

  @ApiPropertyOptional({ description: 'true — удалить разовые изменения занятий правила с effectiveFrom (иначе 409 с их списком)' })
  @QueryBool()
  dropOverrides?: boolean;
}

export class RulePageResponse {
  @ApiProperty({ type: [RuleResponse] }) items!: RuleResponse[];
  @ApiProperty() page!: number;
  @ApiProperty() size!: number;
  @ApiProperty() totalItems!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() first!: boolean;
  @ApiProperty() last!: boolean;
}

/** The stored rule a 409 names (spec 7). */
export class ConflictRuleResponse {
  @ApiProperty() id!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty() semesterId!: number;
  @ApiProperty({ type: [String] }) groupNames!: string[];
  @ApiProperty({ type: [RuleSlotResponse] }) slots!: RuleSlotResponse[];
}

/** The slot a rule's 409 clashes with, as data: a stored rule's slot, or another slot of the same body. */
export class ConflictSlotResponse {
  @ApiProperty({ nullable: true, type: Number, description: 'Правило слота; null — слот того же запроса' }) ruleId!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Сохранённый слот; null — новый слот того же запроса' }) slotId!: number | null;
  @ApiPropertyOptional({ description: 'Номер слота в запросе с нуля (slots[i]), когда слоты запроса пересекаются между собой' }) slotIndex?: number;
  @ApiProperty({ minimum: 1, maximum: 7 }) dayOfWeek!: number;
  @ApiProperty() timeSlotId!: number;
  @ApiProperty({ enum: PARITIES }) parity!: SlotParity;
  @ApiPropertyOptional({ description: 'Номер пары первого совпадения' }) pairNumber?: number;
  @ApiPropertyOptional({ description: 'Дата первого совпадения (YYYY-MM-DD)', format: 'date' }) date?: string;
  @ApiProperty({ type: [Number], description: 'Недели семестра, в которые занятия совпадают, по возрастанию' }) weeks!: number[];
}

/**
 * The 409 body of a rule conflict; without `conflictRule` when the payload clashes with itself.
 * `field` names the body's slot (`slots[i]`) and `conflictSlot` the slot it clashes with.
 */
export class RuleConflictResponse {
  @ApiProperty({ example: 'Конфликт с правилом №12 «Физика»: 01.09.2026 (вторник), 08:30–10:00 — преподаватель уже занят в это время' })
  message!: string;

  @ApiPropertyOptional({ type: ConflictRuleResponse }) conflictRule?: ConflictRuleResponse;
  @ApiProperty({ type: [String], enum: ['teacher', 'classroom', 'group', 'slot'], isArray: true }) conflictFields!: string[];
  @ApiProperty({ type: [String], example: ['Преподаватель уже занят в это время'] }) conflictReasons!: string[];
  @ApiPropertyOptional({ description: 'Слот запроса, о котором ошибка', example: 'slots[1]' }) field?: string;
  @ApiPropertyOptional({ type: ConflictSlotResponse }) conflictSlot?: ConflictSlotResponse;
}
