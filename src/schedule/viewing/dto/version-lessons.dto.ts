import { ApiPropertyOptional } from '@nestjs/swagger';
import { QueryId } from '../../../platform/http/validators';
import { DateRangeQuery } from './schedule-queries.dto';

/** `GET /api/edu-office/schedule/versions/{id}/lessons`: one timetable of a version over a range. */
export class VersionLessonsQuery extends DateRangeQuery {
  @ApiPropertyOptional({ description: 'Группа (ровно один из groupId, teacherId и classroomId)' })
  @QueryId()
  groupId?: number;

  @ApiPropertyOptional({ description: 'Преподаватель (ровно один из groupId, teacherId и classroomId)' })
  @QueryId()
  teacherId?: number;

  @ApiPropertyOptional({ description: 'Аудитория (ровно один из groupId, teacherId и classroomId)' })
  @QueryId()
  classroomId?: number;
}
