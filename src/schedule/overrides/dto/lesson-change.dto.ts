import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CalendarDateField, QueryId } from '../../../platform/http/validators';
import { OVERRIDE_ACTIONS } from '../../../schedule-engine/override-application';
import { LESSON_FORMATS } from '../../../schedule-engine/rule-model';

/** The week of one group or one teacher whose one-off changes are asked for. */
export class LessonChangesQuery {
  @ApiProperty({ example: '2026-09-07', description: 'Первая дата (включительно)' })
  @CalendarDateField()
  startDate!: string;

  @ApiProperty({ example: '2026-09-13', description: 'Последняя дата (включительно); не более 200 дат' })
  @CalendarDateField()
  endDate!: string;

  @ApiPropertyOptional({ description: 'Группа (ровно один из groupId и teacherId)' })
  @QueryId()
  groupId?: number;

  @ApiPropertyOptional({ description: 'Преподаватель: изменения его занятий и замен, которые ему поручены' })
  @QueryId()
  teacherId?: number;
}

/**
 * A one-off change as a timetable's reader sees it (issue 45 §3): where the lesson was by the rule,
 * where it is now (null for a cancelled one), who teaches it instead of whom, and the office's
 * comment. Read by every role that views timetables; changing stays with the office (4.10).
 */
export class LessonChangeResponse {
  @ApiProperty() scheduleOverrideId!: number;
  @ApiProperty({ enum: OVERRIDE_ACTIONS }) action!: string;
  @ApiProperty({ description: 'Слот правила занятия (вместе с lessonDate называет занятие)' }) scheduleRuleSlotId!: number;
  @ApiProperty() scheduleRuleId!: number;
  @ApiProperty({ example: '2026-09-07', description: 'Дата занятия по правилу' }) lessonDate!: string;
  @ApiProperty({ example: '08:30:00', description: 'Время по правилу (по сетке, действующей в тот день)' }) originalStartTime!: string;
  @ApiProperty({ example: '10:00:00' }) originalEndTime!: string;
  @ApiProperty({ description: 'Номер пары по правилу' }) originalTimeSlotOrder!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Где занятие теперь: дата (null — отменено)' }) newLessonDate!: string | null;
  @ApiProperty({ type: String, nullable: true }) newStartTime!: string | null;
  @ApiProperty({ type: String, nullable: true }) newEndTime!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Номер пары теперь (null — отменено)' }) newTimeSlotOrder!: number | null;
  @ApiProperty() originalTeacherId!: number;
  @ApiProperty() originalTeacherName!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Заменяющий преподаватель (null — тот же)' }) newTeacherId!: number | null;
  @ApiProperty({ type: String, nullable: true }) newTeacherName!: string | null;
  @ApiProperty() originalClassroomName!: string;
  @ApiProperty({ type: String, nullable: true }) newClassroomName!: string | null;
  @ApiProperty({ enum: LESSON_FORMATS }) originalLessonFormat!: string;
  @ApiProperty({ type: String, nullable: true, enum: LESSON_FORMATS }) newLessonFormat!: string | null;
  @ApiProperty() subjectName!: string;
  @ApiProperty() lessonTypeName!: string;
  @ApiProperty({ type: [Number] }) groupIds!: number[];
  @ApiProperty({ type: [String] }) groupNames!: string[];
  @ApiProperty({ type: [String] }) subgroupNames!: string[];
  @ApiProperty({ type: String, nullable: true, description: 'Комментарий учебного отдела' }) comment!: string | null;
}
