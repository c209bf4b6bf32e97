import { ApiPropertyOptional } from '@nestjs/swagger';
import { DateRangeQuery } from '../../schedule';
import { OneOfField, QueryId } from '../../platform/http/validators';

export const EXPORT_FORMATS = ['xlsx', 'pdf', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The viewing parameters of spec 4.5 (one target, a range of at most 200 dates) and the file format. */
export class ScheduleExportQuery extends DateRangeQuery {
  @ApiPropertyOptional({ description: 'Группа (ровно один из groupId, teacherId, classroomId, departmentId)' })
  @QueryId()
  groupId?: number;

  @ApiPropertyOptional({ description: 'Преподаватель' })
  @QueryId()
  teacherId?: number;

  @ApiPropertyOptional({ description: 'Аудитория (как поиск по аудитории: без кафедры — не более 50 действующих групп в вузе)' })
  @QueryId()
  classroomId?: number;

  @ApiPropertyOptional({ description: 'Кафедра: её действующие группы (роли и ограничения — как у GET /api/department/schedule)' })
  @QueryId()
  departmentId?: number;

  @OneOfField(EXPORT_FORMATS)
  format!: ExportFormat;
}
