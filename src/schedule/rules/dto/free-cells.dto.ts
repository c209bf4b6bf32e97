import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IntField, OneOfField, QueryId, QueryIdList, QueryInt, RequiredQueryId } from '../../../platform/http/validators';
import { PARITIES, SlotParity } from './schedule-rule.dto';

/** `GET /api/admin/schedule-rules/free-cells`: one slot's values, to be tried in every cell of the week. */
export class FreeCellsQuery {
  @ApiProperty({ description: 'Версия расписания (DRAFT или PUBLISHED)' })
  @RequiredQueryId()
  versionId!: number;

  @ApiPropertyOptional({ type: [Number], description: 'Группы правила (параметр повторяется)' })
  @QueryIdList({ maxItems: 50 })
  groupIds?: number[];

  @ApiPropertyOptional({ type: [Number], description: 'Подгруппы (только для лабораторных работ), по одной на группу' })
  @QueryIdList({ maxItems: 50 })
  subgroupIds?: number[];

  @ApiPropertyOptional() @QueryId() teacherId?: number;
  @ApiPropertyOptional() @QueryId() classroomId?: number;
  @ApiPropertyOptional({ description: 'Вид занятия; без него — лекция' }) @QueryId() lessonTypeId?: number;
  @ApiPropertyOptional({ description: 'Дисциплина правила: список свободных аудиторий ячейки оставляет только аудитории с оборудованием, нужным её занятиям этого вида' })
  @QueryId()
  subjectId?: number;

  @ApiPropertyOptional({ enum: PARITIES, default: 'BOTH' })
  @OneOfField(PARITIES, { optional: true })
  parity?: SlotParity;

  @ApiPropertyOptional({ minimum: 1, description: 'Неделя начала серии вида занятия (по умолчанию 1)' })
  @QueryInt({ min: 1, max: 60 })
  startWeek?: number;

  @ApiPropertyOptional({ minimum: 2, description: 'Часы вида занятия (кратны 2); по умолчанию — весь семестр' })
  @QueryInt({ min: 2, max: 2000 })
  academicHours?: number;

  @ApiPropertyOptional({ description: 'Изменяемое правило: его занятия не считаются занятыми' })
  @QueryId()
  excludeRuleId?: number;
}

export const FREE_CELL_REASON_KINDS = ['teacher', 'classroom', 'group', 'subgroup', 'hard-unavailable', 'no-lessons-that-day'] as const;
export type FreeCellReasonKind = (typeof FREE_CELL_REASON_KINDS)[number];

export const FREE_CELL_HINT_KINDS = ['SOFT_PREFERRED', 'SOFT_UNWANTED', 'GAP_OPENS', 'GAP_CLOSES'] as const;
export type FreeCellHintKind = (typeof FREE_CELL_HINT_KINDS)[number];

export class FreeCellRuleResponse {
  @ApiProperty() id!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty({ type: [String] }) groupNames!: string[];
}

export class FreeCellPreferenceResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'HARD_UNAVAILABLE, SOFT_PREFERRED или SOFT_UNWANTED' }) preferenceType!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Дата, если пожелание на одну дату' }) date!: string | null;
}

export class FreeCellReasonResponse {
  @ApiProperty({ enum: FREE_CELL_REASON_KINDS }) kind!: FreeCellReasonKind;
  @ApiProperty({ description: 'Объяснение по-русски' }) text!: string;
  @ApiProperty({ type: [Number], description: 'Недели семестра, в которые занятия встретились бы' }) weeks!: number[];
  @ApiPropertyOptional({ type: FreeCellRuleResponse, description: 'Правило, с занятиями которого пересечение' }) rule?: FreeCellRuleResponse;
  @ApiPropertyOptional({ type: FreeCellPreferenceResponse }) preference?: FreeCellPreferenceResponse;
}

export class FreeCellHintResponse {
  @ApiProperty({ enum: FREE_CELL_HINT_KINDS }) kind!: FreeCellHintKind;
  @ApiProperty() text!: string;
  @ApiProperty({ type: [Number] }) weeks!: number[];
  @ApiPropertyOptional({ type: FreeCellPreferenceResponse }) preference?: FreeCellPreferenceResponse;
}

export class FreeCellResponse {
  @ApiProperty({ minimum: 1, maximum: 7 }) dayOfWeek!: number;
  @ApiProperty({ description: 'Пара основной сетки' }) timeSlotId!: number;
  @ApiProperty() orderNumber!: number;
  @ApiProperty({ description: 'Слот с этими значениями можно сохранить в этой ячейке сейчас' }) free!: boolean;
  @ApiProperty({ description: 'Сколько занятий слот дал бы в этой ячейке' }) lessonCount!: number;
  @ApiProperty({ type: [FreeCellReasonResponse] }) reasons!: FreeCellReasonResponse[];
  @ApiProperty({ type: [FreeCellHintResponse], description: 'Подсказки, которые не мешают сохранению' }) hints!: FreeCellHintResponse[];
}

export class FreeCellPairResponse {
  @ApiProperty() timeSlotId!: number;
  @ApiProperty() orderNumber!: number;
  @ApiProperty({ example: '08:30' }) startTime!: string;
  @ApiProperty({ example: '10:00' }) endTime!: string;
}

export class FreeCellsResponse {
  @ApiProperty() versionId!: number;
  @ApiProperty() semesterId!: number;
  @ApiProperty({ type: [FreeCellPairResponse], description: 'Пары основной сетки (строки сетки)' }) pairs!: FreeCellPairResponse[];
  @ApiProperty({ type: [FreeCellResponse], description: 'Дни 1..7 × пары основной сетки' }) cells!: FreeCellResponse[];
}

/** `GET /api/admin/schedule-rules/free-cells/classrooms`: the slot's values and the one cell to find rooms for. */
export class FreeCellRoomsQuery extends FreeCellsQuery {
  @ApiProperty({ minimum: 1, maximum: 7, description: 'День недели ячейки (1 — понедельник)' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value))
  @IntField({ min: 1, max: 7 })
  dayOfWeek!: number;

  @ApiProperty({ description: 'Пара основной сетки (ячейка)' })
  @RequiredQueryId()
  timeSlotId!: number;
}

export class FreeCellRoomResponse {
  @ApiProperty() classroomId!: number;
  @ApiProperty() classroomName!: string;
  @ApiProperty() capacity!: number;
  @ApiProperty({ type: String, nullable: true }) building!: string | null;
}
