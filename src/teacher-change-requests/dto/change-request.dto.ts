import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BooleanField, CalendarDateField, IdField, OneOfField, RequiredQueryId, TextField } from '../../platform/http/validators';
import { RoomWarningDto } from '../../schedule';
import { NamedLessonDto } from '../../schedule/core';
import {
  CHANGE_REQUEST_EVENTS,
  CHANGE_REQUEST_STATUSES,
  CHANGE_REQUEST_TYPES,
  ChangeRequestEvent,
  ChangeRequestStatus,
  ChangeRequestType,
} from '../change-request-rules';

export const MAX_CHANGE_REQUEST_TEXT = 1000;

/** Spec 2, teacher change request; `requestedClassroomId` is this service's addition for CHANGE_CLASSROOM. */
export class ChangeRequestRequest {
  @ApiProperty({ description: 'Слот правила занятия (вместе с lessonDate называет занятие)' })
  @IdField()
  baseRuleSlotId!: number;

  @ApiProperty({ format: 'date', example: '2026-09-08', description: 'Исходная дата занятия' })
  @CalendarDateField()
  lessonDate!: string;

  @ApiProperty({ enum: CHANGE_REQUEST_TYPES, description: 'MOVE — перенос, CHANGE_CLASSROOM — другая аудитория, CANCEL — отмена' })
  @OneOfField(CHANGE_REQUEST_TYPES)
  requestType!: ChangeRequestType;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, description: 'MOVE: новая дата; без неё — тот же день, другая пара' })
  @CalendarDateField({ optional: true })
  targetLessonDate?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'MOVE (обязательно): пара сетки, действующей в день переноса' })
  @IdField({ optional: true })
  requestedTimeSlotId?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'CHANGE_CLASSROOM (обязательно): новая аудитория. Поле добавлено сервисом: в запросе спецификации его нет',
  })
  @IdField({ optional: true })
  requestedClassroomId?: number | null;

  @ApiProperty({ maxLength: MAX_CHANGE_REQUEST_TEXT, example: 'Конференция в этот день' })
  @TextField({ maxLength: MAX_CHANGE_REQUEST_TEXT })
  reason!: string;
}

export class ChangeRequestListQuery {
  @ApiPropertyOptional({ enum: CHANGE_REQUEST_STATUSES })
  @OneOfField(CHANGE_REQUEST_STATUSES, { optional: true })
  status?: ChangeRequestStatus;
}

/** Apply (`approved` true) or reject; the same body as the other reviews of the service. */
export class ChangeRequestReviewRequest {
  @ApiProperty({ description: 'true — применить (создаётся разовое изменение), false — отклонить' })
  @BooleanField()
  approved!: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_CHANGE_REQUEST_TEXT, description: 'Обязателен при отклонении' })
  @TextField({ optional: true, maxLength: MAX_CHANGE_REQUEST_TEXT })
  comment?: string | null;
}

export class CandidatesQuery {
  @ApiProperty({ description: 'Слот правила занятия' })
  @RequiredQueryId()
  baseRuleSlotId!: number;

  @ApiProperty({ format: 'date', description: 'Исходная дата занятия' })
  @CalendarDateField()
  lessonDate!: string;

  @ApiPropertyOptional({ format: 'date', description: 'День, для которого подобрать пары (по умолчанию — день занятия); внутри семестра' })
  @CalendarDateField({ optional: true })
  targetDate?: string;
}

/** One entry of a request's history. */
export class ChangeRequestEventResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: CHANGE_REQUEST_EVENTS }) eventType!: ChangeRequestEvent;
  @ApiProperty({ type: Number, nullable: true }) actorId!: number | null;
  @ApiProperty({ type: String, nullable: true }) actorName!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Причина заявки (SUBMITTED) или комментарий рассмотрения' }) comment!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

/** A stored request as every endpoint answers it: the lesson as the teacher saw it, what they asked, the outcome and the history. */
export class ChangeRequestResponse {
  @ApiProperty() id!: number;
  @ApiProperty() teacherId!: number;
  @ApiProperty() teacherName!: string;
  @ApiProperty() semesterId!: number;
  @ApiProperty() scheduleVersionId!: number;
  @ApiProperty() baseRuleSlotId!: number;
  @ApiProperty() scheduleRuleId!: number;
  @ApiProperty({ format: 'date', description: 'Исходная дата занятия' }) lessonDate!: string;
  @ApiProperty() subjectId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty() lessonTypeId!: number;
  @ApiProperty() lessonTypeName!: string;
  @ApiProperty({ type: [Number] }) groupIds!: number[];
  @ApiProperty({ type: [String] }) groupNames!: string[];
  @ApiProperty({ description: 'Пара занятия на момент подачи' }) originalTimeSlotId!: number;
  @ApiProperty({ example: '08:30:00' }) originalStartTime!: string;
  @ApiProperty({ example: '10:00:00' }) originalEndTime!: string;
  @ApiProperty({ description: 'Аудитория занятия на момент подачи' }) originalClassroomId!: number;
  @ApiProperty() originalClassroomName!: string;
  @ApiProperty({ enum: CHANGE_REQUEST_TYPES }) requestType!: ChangeRequestType;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'MOVE на другой день; null — тот же день' }) targetLessonDate!: string | null;
  @ApiProperty({ type: Number, nullable: true }) requestedTimeSlotId!: number | null;
  @ApiProperty({ type: String, nullable: true, example: '11:50:00' }) requestedStartTime!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '13:20:00' }) requestedEndTime!: string | null;
  @ApiProperty({ type: Number, nullable: true }) requestedClassroomId!: number | null;
  @ApiProperty({ type: String, nullable: true }) requestedClassroomName!: string | null;
  @ApiProperty() reason!: string;
  @ApiProperty({ enum: CHANGE_REQUEST_STATUSES }) status!: ChangeRequestStatus;
  @ApiProperty({ type: Number, nullable: true, description: 'Разовое изменение, созданное применением; null до применения и после удаления изменения' })
  appliedOverrideId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) reviewedById!: number | null;
  @ApiProperty({ type: String, nullable: true }) reviewedByName!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) reviewedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) reviewComment!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: [ChangeRequestEventResponse], description: 'События заявки по порядку: кто и когда' }) history!: ChangeRequestEventResponse[];
}

/** The lesson the candidates are for, as the timetable has it now. */
/** The lesson a request is about: the core's named lesson with its date and teacher. */
export class CandidateLesson extends NamedLessonDto {
  @ApiProperty({ format: 'date' }) lessonDate!: string;
  @ApiProperty() teacherId!: number;
  @ApiProperty() teacherName!: string;
}

export class CandidateDate {
  @ApiProperty({ format: 'date' }) date!: string;
  @ApiProperty() dayOfWeek!: number;
  @ApiProperty({ description: 'Сколько пар этого дня свободны для переноса' }) freeTimeSlotCount!: number;
}

/** A free pair of the target day: `targetLessonDate` and `requestedTimeSlotId` go into a MOVE request as they are. */
export class CandidateTimeSlot {
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'null — день занятия' }) targetLessonDate!: string | null;
  @ApiProperty() requestedTimeSlotId!: number;
  @ApiProperty() timeSlotOrder!: number;
  @ApiProperty({ example: '11:50:00' }) startTime!: string;
  @ApiProperty({ example: '13:20:00' }) endTime!: string;
  @ApiProperty({
    description:
      'Аудитория, в которой пройдёт перенесённое занятие: своя, если она свободна, иначе свободная, вмещающая студентов занятия и с нужным оборудованием ' +
      '(сведения; в заявку не входит, аудиторию назначает учебный отдел при применении)',
  })
  classroomId!: number;
  @ApiProperty() classroomName!: string;
  @ApiProperty({ description: 'true — аудитория занятия (она свободна); false — своя занята, названа другая подходящая' })
  ownClassroom!: boolean;
}

/** A room free at the lesson's own time: `requestedClassroomId` goes into a CHANGE_CLASSROOM request as it is. */
export class CandidateClassroom {
  @ApiProperty() requestedClassroomId!: number;
  @ApiProperty() classroomName!: string;
  @ApiProperty() capacity!: number;
}

export class ChangeRequestCandidatesResponse {
  @ApiProperty({ type: CandidateLesson }) lesson!: CandidateLesson;
  @ApiProperty() semesterId!: number;
  @ApiProperty({ format: 'date' }) semesterStartDate!: string;
  @ApiProperty({ format: 'date' }) semesterEndDate!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Заявка по этому занятию, ожидающая рассмотрения (новую подать нельзя)' })
  pendingRequestId!: number | null;
  @ApiProperty({ format: 'date', description: 'День, для которого подобраны пары (targetDate или день занятия)' }) targetDate!: string;
  @ApiProperty({ type: [CandidateDate], description: 'Дни семестра, куда занятие можно перенести (хотя бы одна пара свободна), по порядку' })
  dates!: CandidateDate[];
  @ApiProperty({ type: [CandidateTimeSlot], description: 'Свободные пары сетки, действующей в targetDate, по порядку' }) timeSlots!: CandidateTimeSlot[];
  @ApiProperty({ type: [CandidateClassroom], description: 'Аудитории, свободные во время занятия, по названию' }) classrooms!: CandidateClassroom[];
  @ApiProperty({ description: 'Отмену можно запросить всегда' }) canCancel!: boolean;
}

/** The answer to a review: the request after it, and when applied, what to know about the lesson's room. */
export class ChangeRequestReviewResponse extends ChangeRequestResponse {
  @ApiProperty({
    type: [RoomWarningDto],
    description: 'Предупреждения об аудитории перенесённого занятия (мест меньше, чем студентов; нет нужного оборудования); пусто, если их нет или заявка отклонена',
  })
  warnings!: RoomWarningDto[];

  @ApiProperty({ type: Number, nullable: true, description: 'Аудитория, где пройдёт занятие после применения; null — отмена или заявка отклонена' })
  classroomId!: number | null;
  @ApiProperty({ type: String, nullable: true }) classroomName!: string | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'true — аудитория занятия; false — другая: запрошенная (CHANGE_CLASSROOM) или назначенная, потому что своя в новое время занята (MOVE); null — отмена или отклонение',
  })
  ownClassroom!: boolean | null;
}
