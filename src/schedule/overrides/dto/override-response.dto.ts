import { ApiProperty } from '@nestjs/swagger';
import { LESSON_FORMATS } from '../../../schedule-engine/rule-model';
import { OVERRIDE_ACTIONS } from '../../../schedule-engine/override-application';

/**
 * A registry entry: the override with everything needed to show the original lesson (date, time,
 * teacher, room, format, subject, type, groups, semester bounds) without it being in the current
 * timetable, and the new values. Original values are the rule slot's current ones; the original time
 * is the slot's pair in the bell schedule in effect on `lessonDate`.
 */
export class OverrideResponse {
  @ApiProperty() id!: number;
  @ApiProperty() scheduleVersionId!: number;
  @ApiProperty() semesterId!: number;
  @ApiProperty({ example: '2026-09-01' }) semesterStartDate!: string;
  @ApiProperty({ example: '2026-12-31' }) semesterEndDate!: string;
  @ApiProperty() baseRuleSlotId!: number;
  @ApiProperty() scheduleRuleId!: number;
  @ApiProperty({ enum: OVERRIDE_ACTIONS }) action!: string;
  @ApiProperty({ example: '2026-09-08', description: 'Исходная дата занятия' }) lessonDate!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Новая дата (только перенос на другой день)' }) targetLessonDate!: string | null;
  @ApiProperty({ example: '08:30:00' }) originalStartTime!: string;
  @ApiProperty({ example: '10:00:00' }) originalEndTime!: string;
  @ApiProperty({ description: 'Пара основной сетки из слота правила' }) originalTimeSlotId!: number;
  @ApiProperty() originalTeacherId!: number;
  @ApiProperty() originalTeacherName!: string;
  @ApiProperty() originalClassroomId!: number;
  @ApiProperty() originalClassroomName!: string;
  @ApiProperty({ enum: LESSON_FORMATS }) originalLessonFormat!: string;
  @ApiProperty({ type: Number, nullable: true }) newTimeSlotId!: number | null;
  @ApiProperty({ type: String, nullable: true, example: '12:10:00' }) newStartTime!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '13:40:00' }) newEndTime!: string | null;
  @ApiProperty({ type: Number, nullable: true }) newTeacherId!: number | null;
  @ApiProperty({ type: String, nullable: true }) newTeacherName!: string | null;
  @ApiProperty({ type: Number, nullable: true }) newClassroomId!: number | null;
  @ApiProperty({ type: String, nullable: true }) newClassroomName!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: LESSON_FORMATS }) newLessonFormat!: string | null;
  @ApiProperty() subjectId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty() lessonTypeId!: number;
  @ApiProperty() lessonTypeName!: string;
  @ApiProperty({ type: [Number] }) groupIds!: number[];
  @ApiProperty({ type: [String] }) groupNames!: string[];
  @ApiProperty({ type: [Number], description: 'Подгруппы слота (пусто — целые группы)' }) subgroupIds!: number[];
  @ApiProperty({ type: [String] }) subgroupNames!: string[];
  @ApiProperty({ type: String, nullable: true }) comment!: string | null;
  @ApiProperty({ example: '2026-09-01T10:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ example: '2026-09-01T10:00:00.000Z' }) updatedAt!: string;
}

/** One item of equipment a lesson needs in its room. */
export class NeededEquipmentDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class OverrideAvailabilityResponse {
  @ApiProperty() semesterId!: number;
  @ApiProperty({ example: '2026-09-01' }) semesterStartDate!: string;
  @ApiProperty({ example: '2026-12-31' }) semesterEndDate!: string;
  @ApiProperty({
    type: [String],
    example: ['2026-09-01', '2026-09-02'],
    description: 'Даты семестра, в которые календари всех групп занятия допускают занятия, кроме исходной даты (по возрастанию)',
  })
  availableDates!: string[];
  @ApiProperty({ description: 'Пара занятия в его исходный день (для подбора аудиторий при замене)' })
  timeSlotId!: number;
  @ApiProperty({ description: 'Студентов на занятии: каждая группа целиком или её подгруппа, если слот её называет' })
  students!: number;
  @ApiProperty({ type: [NeededEquipmentDto], description: 'Оборудование, нужное дисциплине для этого вида занятий (очно)' })
  requiredEquipment!: NeededEquipmentDto[];
}

export class OverrideRegistryPageResponse {
  @ApiProperty({ type: [OverrideResponse] }) items!: OverrideResponse[];
  @ApiProperty() page!: number;
  @ApiProperty() size!: number;
  @ApiProperty() totalItems!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() first!: boolean;
  @ApiProperty() last!: boolean;
}
