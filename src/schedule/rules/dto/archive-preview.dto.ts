import { ApiPropertyOptional } from '@nestjs/swagger';
import { BadRequestError } from '../../../platform/http/app-error';
import { QueryId } from '../../../platform/http/validators';
import { ArchivedRecord, ArchiveFromQuery } from '../../../platform/rules-of-archived';

/** The record whose archive is previewed: exactly one of the four ids. */
export class ArchivePreviewQuery extends ArchiveFromQuery {
  @ApiPropertyOptional() @QueryId() groupId?: number;
  @ApiPropertyOptional() @QueryId() subjectId?: number;
  @ApiPropertyOptional({ description: 'Преподаватель (пользователь)' }) @QueryId() teacherId?: number;
  @ApiPropertyOptional() @QueryId() classroomId?: number;

  record(): ArchivedRecord {
    const named = (
      [
        ['GROUP', this.groupId],
        ['SUBJECT', this.subjectId],
        ['TEACHER', this.teacherId],
        ['CLASSROOM', this.classroomId],
      ] as const
    ).filter(([, id]) => id !== undefined);
    if (named.length !== 1) throw new BadRequestError('Укажите ровно одну запись: groupId, subjectId, teacherId или classroomId').at('groupId');
    return { kind: named[0][0], id: named[0][1] as number };
  }
}
