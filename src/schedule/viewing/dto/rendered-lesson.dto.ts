import { ApiProperty } from '@nestjs/swagger';
import { LESSON_KINDS, LessonKind } from '../../../schedule-engine/lesson-series';

/** One concrete lesson of the timetable (spec 2, RenderedLessonDto); field names are the spec's. */
export class RenderedLessonDto {
  @ApiProperty() scheduleRuleId!: number;
  @ApiProperty() scheduleRuleSlotId!: number;
  @ApiProperty({ example: '2026-09-01' }) date!: string;
  @ApiProperty({ description: 'ISO: 1 — понедельник … 7 — воскресенье' }) dayOfWeek!: number;
  @ApiProperty({ example: 'Вторник' }) dayName!: string;
  @ApiProperty({ description: 'Неделя семестра (с понедельника по воскресенье; неделя 1 содержит начало семестра)' }) weekNumber!: number;
  @ApiProperty({ enum: ['ODD', 'EVEN'], description: 'Чётность недели урока' }) parity!: string;
  @ApiProperty({ description: 'Пара основной сетки из правила' }) timeSlotId!: number;
  @ApiProperty({ description: 'Номер пары в действующей на дату сетке' }) timeSlotOrder!: number;
  @ApiProperty({ example: '08:30:00', description: 'По действующей на дату сетке (ручной, субботней или основной)' }) startTime!: string;
  @ApiProperty({ example: '10:00:00' }) endTime!: string;
  @ApiProperty() subjectId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty() teacherId!: number;
  @ApiProperty() teacherName!: string;
  @ApiProperty() classroomId!: number;
  @ApiProperty() classroomName!: string;
  @ApiProperty() lessonTypeId!: number;
  @ApiProperty() lessonTypeName!: string;
  @ApiProperty({ enum: ['Очно', 'Онлайн'] }) lessonFormat!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Единственная подгруппа занятия, иначе null' }) subgroupId!: number | null;
  @ApiProperty({ type: String, nullable: true }) subgroupName!: string | null;
  @ApiProperty({ type: [Number], description: 'Все подгруппы занятия (пусто — целые группы)' }) subgroupIds!: number[];
  @ApiProperty({ type: [String] }) subgroupNames!: string[];
  @ApiProperty({ type: [Number], description: 'Группы правила по id' }) groupIds!: number[];
  @ApiProperty({ type: [String] }) groupNames!: string[];
  @ApiProperty({ type: String, nullable: true, example: 'Т', description: 'Код вида деятельности даты в календаре первой группы занятия' })
  activityType!: string | null;
  @ApiProperty({ description: 'Часы этого вида занятий в правиле' }) lessonTypeAcademicHours!: number;
  @ApiProperty({ description: 'Израсходовано часов этого вида до занятия' }) consumedLessonTypeAcademicHoursBeforeLesson!: number;
  @ApiProperty({ description: 'Останется часов этого вида после занятия' }) remainingLessonTypeAcademicHoursAfterLesson!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Разовое изменение (перенос или замена), изменившее занятие; null для занятия по правилу' })
  scheduleOverrideId!: number | null;
  @ApiProperty({ type: String, nullable: true, enum: ['MOVE', 'REPLACE'] }) overrideAction!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Исходная дата перенесённого занятия' }) originalLessonDate!: string | null;
}

export class LessonTypeResponse {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 'Лекция' }) name!: string;
  @ApiProperty({
    enum: LESSON_KINDS,
    example: 'LECTURE',
    description: 'Вид по часам правила: LECTURE — lectureAcademicHours, PRACTICE — practiceAcademicHours, LABORATORY — laboratoryAcademicHours (подгруппы только у него)',
  })
  code!: LessonKind;
}
