import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, ValidateNested } from 'class-validator';
import { BooleanField, CalendarDateField, IdField, IntField, OneOfField, QueryId, TextField } from '../../platform/http/validators';
import { PREFERENCE_STATUSES, PREFERENCE_TYPES, PreferenceStatus, PreferenceType } from '../preference-rules';

export const MAX_PREFERENCE_COMMENT = 1000;

/** Spec 2, teacher preference (request). */
export class PreferenceRequest {
  @ApiPropertyOptional({ description: 'Преподаватель; для роли TEACHER игнорируется (всегда сам вызывающий), для остальных обязателен' })
  @IdField({ optional: true })
  teacherId?: number;

  @ApiProperty({ description: 'Семестр, к которому относится пожелание' })
  @IdField()
  semesterId!: number;

  @ApiProperty({ enum: PREFERENCE_TYPES, description: 'HARD_UNAVAILABLE блокирует расписание после утверждения; остальные — подсказки' })
  @OneOfField(PREFERENCE_TYPES)
  preferenceType!: PreferenceType;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, maximum: 7, description: 'День недели 1..7 (вместе с timeSlotId); для CONSECUTIVE и NO_GAPS — необязательный день' })
  @IntField({ optional: true, min: 1, max: 7 })
  dayOfWeek?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Пара основной сетки (вместе с dayOfWeek)' })
  @IdField({ optional: true })
  timeSlotId?: number | null;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '2026-10-05', description: 'Целая дата внутри семестра (вместо dayOfWeek и timeSlotId)' })
  @CalendarDateField({ optional: true })
  preferenceDate?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_PREFERENCE_COMMENT })
  @TextField({ optional: true, maxLength: MAX_PREFERENCE_COMMENT })
  comment?: string | null;
}

export class PreferenceListQuery {
  @ApiPropertyOptional({ description: 'Только пожелания этого семестра' })
  @QueryId()
  semesterId?: number;

  @ApiPropertyOptional({ enum: PREFERENCE_STATUSES })
  @OneOfField(PREFERENCE_STATUSES, { optional: true })
  status?: PreferenceStatus;
}

/** Spec 4.14 review body: `comment` is required when `approved` is false. */
export class PreferenceReviewRequest {
  @ApiProperty({ description: 'true — утвердить, false — отклонить' })
  @BooleanField()
  approved!: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_PREFERENCE_COMMENT, description: 'Обязателен при отклонении' })
  @TextField({ optional: true, maxLength: MAX_PREFERENCE_COMMENT })
  comment?: string | null;
}

/** A stored preference as every endpoint answers it. */
export class PreferenceResponse {
  @ApiProperty() id!: number;
  @ApiProperty() teacherId!: number;
  @ApiProperty({ description: 'ФИО преподавателя' }) teacherName!: string;
  @ApiProperty() semesterId!: number;
  @ApiProperty({ enum: PREFERENCE_TYPES }) preferenceType!: PreferenceType;
  @ApiProperty({ type: Number, nullable: true }) dayOfWeek!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Пара основной сетки' }) timeSlotId!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Номер пары' }) timeSlotOrder!: number | null;
  @ApiProperty({ type: String, nullable: true, example: '08:30:00' }) startTime!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '10:00:00' }) endTime!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) preferenceDate!: string | null;
  @ApiProperty({ type: String, nullable: true }) comment!: string | null;
  @ApiProperty({ enum: PREFERENCE_STATUSES }) status!: PreferenceStatus;
  @ApiProperty({ type: Number, nullable: true }) createdById!: number | null;
  @ApiProperty({ type: String, nullable: true }) createdByName!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Кто утвердил или отклонил (при создании сотрудником — он сам)' }) reviewedById!: number | null;
  @ApiProperty({ type: String, nullable: true }) reviewedByName!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) reviewedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Комментарий рассмотрения (причина отклонения)' }) reviewComment!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Когда отозвано (WITHDRAWN) или отменено (CANCELLED)' }) closedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class PreferenceSemester {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'Например, «2026/2027, осенний семестр»' }) label!: string;
  @ApiProperty() academicYearId!: number;
  @ApiProperty({ enum: ['autumn', 'spring'] }) semesterType!: string;
  @ApiProperty({ format: 'date' }) startDate!: string;
  @ApiProperty({ format: 'date' }) endDate!: string;
  @ApiProperty({ description: 'Сегодня (по времени университета) внутри семестра' }) current!: boolean;
}

export class PreferencePair {
  @ApiProperty() id!: number;
  @ApiProperty() orderNumber!: number;
  @ApiProperty({ example: '08:30:00' }) startTime!: string;
  @ApiProperty({ example: '10:00:00' }) endTime!: string;
}

export class PreferenceDay {
  @ApiProperty({ minimum: 1, maximum: 7 }) dayOfWeek!: number;
  @ApiProperty({ example: 'понедельник' }) name!: string;
}

export class PreferenceTypeOption {
  @ApiProperty({ enum: PREFERENCE_TYPES }) code!: PreferenceType;
  @ApiProperty() label!: string;
  @ApiProperty({ description: 'Блокирует расписание после утверждения' }) blocking!: boolean;
}

/** What the availability calendar needs: semesters (not finished ones first), the base grid, days and types. */
export class PreferenceMetaResponse {
  @ApiProperty({ type: [PreferenceSemester] }) semesters!: PreferenceSemester[];
  @ApiProperty({ type: [PreferencePair], description: 'Пары основной сетки' }) timeSlots!: PreferencePair[];
  @ApiProperty({ type: [PreferenceDay] }) days!: PreferenceDay[];
  @ApiProperty({ type: [PreferenceTypeOption] }) preferenceTypes!: PreferenceTypeOption[];
}

/** The marks a week's cell may hold (a pair of a weekday). */
export const CELL_PREFERENCE_TYPES = ['HARD_UNAVAILABLE', 'SOFT_PREFERRED', 'SOFT_UNWANTED'] as const;
export type CellPreferenceType = (typeof CELL_PREFERENCE_TYPES)[number];

/** One cell of the week: its mark, or null to clear it. */
export class PreferenceCellRequest {
  @ApiProperty({ minimum: 1, maximum: 7 })
  @IntField({ min: 1, max: 7 })
  dayOfWeek!: number;

  @ApiProperty({ description: 'Пара основной сетки' })
  @IdField()
  timeSlotId!: number;

  @ApiProperty({ enum: CELL_PREFERENCE_TYPES, nullable: true, description: 'null — снять отметку' })
  @OneOfField(CELL_PREFERENCE_TYPES, { optional: true })
  preferenceType!: CellPreferenceType | null;
}

/** `PUT /api/teacher-preferences/week`: the teacher's changed cells of a semester's week, saved at once. */
export class PreferenceWeekRequest {
  @ApiProperty()
  @IdField()
  semesterId!: number;

  @ApiProperty({ type: [PreferenceCellRequest], maxItems: 200, description: 'Изменённые ячейки; не названные остаются как есть' })
  @IsDefined({ message: 'Поле «cells» обязательно' })
  @IsArray({ message: 'Поле «cells» должно быть массивом ячеек' })
  @ArrayMaxSize(200, { message: 'Поле «cells» может содержать не более 200 ячеек' })
  @ValidateNested({ each: true, message: 'Поле «cells» должно содержать объекты ячеек' })
  @Type(() => PreferenceCellRequest)
  cells!: PreferenceCellRequest[];
}
