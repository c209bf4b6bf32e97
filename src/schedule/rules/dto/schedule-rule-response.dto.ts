import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { PageQuery } from '../../../platform/http/paging';
import { IdField, QueryId, QueryText } from '../../../platform/http/validators';
import { LESSON_FORMATS } from '../../../schedule-engine/rule-model';
import { PARITIES, SlotParity } from './schedule-rule.dto';

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
  @ApiProperty({ type: [RuleSlotResponse], description: 'По id слота' }) slots!: RuleSlotResponse[];
  @ApiProperty({ example: '2026-09-01T10:00:00.000Z' }) createdAt!: Date;
  @ApiProperty({ example: '2026-09-01T10:00:00.000Z' }) updatedAt!: Date;
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
