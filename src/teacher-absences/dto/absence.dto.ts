import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, ValidateNested } from 'class-validator';
import { BooleanField, CalendarDateField, IdField, OneOfField, TextField } from '../../platform/http/validators';
import { NamedLessonDto } from '../../schedule/core';
import { ABSENCE_STATUSES, AbsenceStatus, Resolution, RESOLUTIONS } from '../absence-rules';
import { RoomWarningDto } from '../../schedule';

export const MAX_ABSENCE_TEXT = 1000;
/** One resolve call handles at most this many lessons (a 120-day absence of a busy teacher stays well below). */
export const MAX_DECISIONS = 500;

/** Spec 2, teacher absence (request). */
export class AbsenceRequest {
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Преподаватель; для роли TEACHER игнорируется (всегда сам вызывающий), для остальных обязателен',
  })
  @IdField({ optional: true })
  teacherId?: number | null;

  @ApiProperty({ format: 'date', example: '2026-10-05', description: 'Первый день отсутствия (включительно)' })
  @CalendarDateField()
  startDate!: string;

  @ApiProperty({ format: 'date', example: '2026-10-16', description: 'Последний день (включительно); период не длиннее 120 дней' })
  @CalendarDateField()
  endDate!: string;

  @ApiProperty({ maxLength: MAX_ABSENCE_TEXT, example: 'Больничный' })
  @TextField({ maxLength: MAX_ABSENCE_TEXT })
  reason!: string;
}

export class AbsenceListQuery {
  @ApiPropertyOptional({ enum: ABSENCE_STATUSES })
  @OneOfField(ABSENCE_STATUSES, { optional: true })
  status?: AbsenceStatus;
}

/** The review of a teacher's absence: the same body as a preference review. */
export class AbsenceReviewRequest {
  @ApiProperty({ description: 'true — утвердить, false — отклонить' })
  @BooleanField()
  approved!: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_ABSENCE_TEXT, description: 'Обязателен при отклонении' })
  @TextField({ optional: true, maxLength: MAX_ABSENCE_TEXT })
  comment?: string | null;
}

export class AbsenceResponse {
  @ApiProperty() id!: number;
  @ApiProperty() teacherId!: number;
  @ApiProperty() teacherName!: string;
  @ApiProperty({ format: 'date' }) startDate!: string;
  @ApiProperty({ format: 'date' }) endDate!: string;
  @ApiProperty({ description: 'Дней в периоде, включительно' }) dayCount!: number;
  @ApiProperty() reason!: string;
  @ApiProperty({ enum: ABSENCE_STATUSES }) status!: AbsenceStatus;
  @ApiProperty({ type: Number, nullable: true }) createdById!: number | null;
  @ApiProperty({ type: String, nullable: true }) createdByName!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: Number, nullable: true }) reviewedById!: number | null;
  @ApiProperty({ type: String, nullable: true }) reviewedByName!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) reviewedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) reviewComment!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Когда отменено (CANCELLED)' }) closedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Когда решены все затронутые занятия (RESOLVED)' }) resolvedAt!: string | null;
  @ApiProperty({ description: 'Решений в журнале' }) decisionCount!: number;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

/** Spec 2, one item of the resolve request; `newClassroomId` is this service's addition for CHANGE_CLASSROOM. */
export class AbsenceDecisionRequest {
  @ApiProperty({ description: 'Слот правила занятия' })
  @IdField()
  baseRuleSlotId!: number;

  @ApiProperty({ format: 'date', description: 'Исходная дата занятия' })
  @CalendarDateField()
  lessonDate!: string;

  @ApiProperty({ enum: RESOLUTIONS })
  @OneOfField(RESOLUTIONS)
  resolution!: Resolution;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'REPLACE_TEACHER: преподаватель, закреплённый за дисциплиной' })
  @IdField({ optional: true })
  newTeacherId?: number | null;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, description: 'MOVE_TIME: новая дата (без неё — та же дата, другая пара)' })
  @CalendarDateField({ optional: true })
  targetLessonDate?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'MOVE_TIME: пара сетки, действующей в новый день' })
  @IdField({ optional: true })
  newTimeSlotId?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'CHANGE_CLASSROOM (обязательно), REPLACE_TEACHER и MOVE_TIME (по желанию): новая аудитория' })
  @IdField({ optional: true })
  newClassroomId?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_ABSENCE_TEXT })
  @TextField({ optional: true, maxLength: MAX_ABSENCE_TEXT })
  comment?: string | null;
}

export class AbsenceResolveRequest {
  @ApiProperty({ type: [AbsenceDecisionRequest], minItems: 1, maxItems: MAX_DECISIONS })
  @IsArray({ message: 'Поле «decisions» должно быть списком решений' })
  @ArrayMinSize(1, { message: 'Укажите хотя бы одно решение в поле «decisions»' })
  @ArrayMaxSize(MAX_DECISIONS, { message: `За один раз можно принять не более ${MAX_DECISIONS} решений` })
  @ValidateNested({ each: true })
  @Type(() => AbsenceDecisionRequest)
  decisions!: AbsenceDecisionRequest[];
}

/** One entry of an absence's decision log. */
export class AbsenceDecisionResponse {
  @ApiProperty() id!: number;
  @ApiProperty() baseRuleSlotId!: number;
  @ApiProperty({ format: 'date' }) lessonDate!: string;
  @ApiProperty({ enum: RESOLUTIONS }) resolution!: Resolution;
  @ApiProperty({ type: Number, nullable: true }) newTeacherId!: number | null;
  @ApiProperty({ type: String, nullable: true }) newTeacherName!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) targetLessonDate!: string | null;
  @ApiProperty({ type: Number, nullable: true }) newTimeSlotId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) newClassroomId!: number | null;
  @ApiProperty({ type: String, nullable: true }) newClassroomName!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Созданное разовое изменение; null для REJECT и после удаления изменения' })
  scheduleOverrideId!: number | null;
  @ApiProperty({ type: String, nullable: true }) comment!: string | null;
  @ApiProperty({ type: Number, nullable: true }) decidedById!: number | null;
  @ApiProperty({ type: String, nullable: true }) decidedByName!: string | null;
  @ApiProperty({ format: 'date-time' }) decidedAt!: string;
}

/** An affected lesson as the timetable has it now. */
/** An affected lesson: the core's named lesson, where it is now, and the one-off change it already has. */
export class WizardLesson extends NamedLessonDto {
  @ApiProperty({ format: 'date', description: 'Исходная дата (вместе со слотом называет занятие)' }) lessonDate!: string;
  @ApiProperty({ format: 'date', description: 'Где занятие сейчас' }) date!: string;
  @ApiProperty({ type: Number, nullable: true }) scheduleOverrideId!: number | null;
}

export class ReplacementCandidate {
  @ApiProperty() teacherId!: number;
  @ApiProperty() teacherName!: string;
  @ApiProperty({ description: 'На дату занятия закреплён за той же кафедрой, что и отсутствующий' }) sameDepartment!: boolean;
  @ApiProperty({ description: 'У замещающего в этот день появится окно' }) createsGap!: boolean;
  @ApiProperty({ description: 'Сколько замен у него уже есть в семестре' }) substitutionCount!: number;
  @ApiProperty({ description: 'Оценка: 100 за ту же кафедру, 50 без нового окна, минус 5 за каждую замену; выше — лучше' }) score!: number;
}

export class MoveCandidate {
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'null — та же дата' }) targetLessonDate!: string | null;
  @ApiProperty() newTimeSlotId!: number;
  @ApiProperty() timeSlotOrder!: number;
  @ApiProperty({ example: '08:30:00' }) startTime!: string;
  @ApiProperty({ example: '10:00:00' }) endTime!: string;
  @ApiProperty({ description: 'Дней от исходной даты' }) distanceDays!: number;
}

export class ClassroomCandidate {
  @ApiProperty() classroomId!: number;
  @ApiProperty() classroomName!: string;
}

/** One affected lesson with its decision (if any) and its checked candidates (for a lesson without one). */
export class WizardItem {
  @ApiProperty({ type: WizardLesson }) lesson!: WizardLesson;
  @ApiProperty({ type: AbsenceDecisionResponse, nullable: true, description: 'Действующее решение по занятию' }) decision!: AbsenceDecisionResponse | null;
  @ApiProperty({ type: [ReplacementCandidate], description: 'По убыванию оценки' }) replacementTeachers!: ReplacementCandidate[];
  @ApiProperty({ type: [MoveCandidate], description: 'Ближайшие учебные даты вне отсутствия, по удалённости' }) moveOptions!: MoveCandidate[];
  @ApiProperty({ type: [ClassroomCandidate] }) classrooms!: ClassroomCandidate[];
  @ApiProperty({ description: 'Отмена всегда возможна' }) canCancel!: boolean;
}

export class AbsenceWizardResponse {
  @ApiProperty({ type: AbsenceResponse }) absence!: AbsenceResponse;
  @ApiProperty({ type: [WizardItem], description: 'Занятия преподавателя в периоде отсутствия после разовых изменений' }) lessons!: WizardItem[];
  @ApiProperty({ description: 'Затронутых занятий без решения' }) remainingLessonCount!: number;
  @ApiProperty({ type: [AbsenceDecisionResponse], description: 'Журнал решений, по порядку' }) decisions!: AbsenceDecisionResponse[];
}

export class AbsenceResolveResponse {
  @ApiProperty({ type: AbsenceResponse }) absence!: AbsenceResponse;
  @ApiProperty({ type: [AbsenceDecisionResponse], description: 'Решения этого вызова' }) applied!: AbsenceDecisionResponse[];
  @ApiProperty() remainingLessonCount!: number;
  @ApiProperty({
    type: [RoomWarningDto],
    description: 'Предупреждения об аудиториях решений этого вызова (мест меньше, чем студентов; нет нужного оборудования); каждое начинается с номера решения',
  })
  warnings!: RoomWarningDto[];
}
