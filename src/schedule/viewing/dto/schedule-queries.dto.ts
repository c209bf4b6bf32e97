import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CalendarDateField, OneOfField, QueryId } from '../../../platform/http/validators';

export const SEARCH_PARITIES = ['BOTH', 'ODD', 'EVEN'] as const;
export type SearchParity = (typeof SEARCH_PARITIES)[number];

/** A viewing range: both ends included, at most 200 dates. */
export class DateRangeQuery {
  @ApiProperty({ example: '2026-09-01', description: 'Первая дата (включительно), ГГГГ-ММ-ДД' })
  @CalendarDateField()
  startDate!: string;

  @ApiProperty({ example: '2026-09-07', description: 'Последняя дата (включительно); не более 200 дат в диапазоне' })
  @CalendarDateField()
  endDate!: string;
}

export class ScheduleQuery extends DateRangeQuery {
  @ApiPropertyOptional({ description: 'Группа (ровно один из groupId и teacherId)' })
  @QueryId()
  groupId?: number;

  @ApiPropertyOptional({ description: 'Преподаватель (ровно один из groupId и teacherId)' })
  @QueryId()
  teacherId?: number;
}

export class ScheduleSearchQuery extends DateRangeQuery {
  @ApiPropertyOptional({ description: 'Группа: занятия правил, включающих группу' })
  @QueryId()
  groupId?: number;

  @ApiPropertyOptional({ description: 'Преподаватель; только он (без groupId и departmentId) — режим преподавателя' })
  @QueryId()
  teacherId?: number;

  @ApiPropertyOptional({ description: 'Аудитория' })
  @QueryId()
  classroomId?: number;

  @ApiPropertyOptional({ description: 'Кафедра: занятия её действующих (не архивных) групп' })
  @QueryId()
  departmentId?: number;

  @ApiPropertyOptional({ description: 'Дисциплина' })
  @QueryId()
  subjectId?: number;

  @ApiPropertyOptional({ description: 'Вид занятия (1 — лекция, 2 — практика, 3 — лабораторная)' })
  @QueryId()
  lessonTypeId?: number;

  @ApiPropertyOptional({ description: 'Пара основной сетки, как в правиле' })
  @QueryId()
  timeSlotId?: number;

  @ApiPropertyOptional({ enum: SEARCH_PARITIES, description: 'Чётность недели занятия; BOTH — без фильтра' })
  @OneOfField(SEARCH_PARITIES, { optional: true })
  parity?: SearchParity;
}

export class DepartmentScheduleQuery extends DateRangeQuery {
  @ApiPropertyOptional({ description: 'Кафедра: обязательна для ADMIN, EDUCATION_OFFICE и SCHEDULE_VIEWER; для DEPARTMENT — своя из токена' })
  @QueryId()
  departmentId?: number;

  @ApiPropertyOptional({ description: 'Только эта группа (действующая группа кафедры)' })
  @QueryId()
  groupId?: number;

  @ApiPropertyOptional({ description: 'Только занятия этого преподавателя' })
  @QueryId()
  teacherId?: number;
}
