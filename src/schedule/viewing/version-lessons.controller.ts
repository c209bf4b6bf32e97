import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Roles } from '../../platform/auth/decorators';
import { IdParam } from '../../platform/http/id-param';
import { RenderedLessonDto } from './dto/rendered-lesson.dto';
import { VersionLessonsQuery } from './dto/version-lessons.dto';
import { VersionLessonsService } from './version-lessons.service';
import { ViewingHttpCache } from './viewing-http-cache';
import { VERSION_LESSON_VIEWERS } from './viewing-roles';

/** Lives with viewing (its pipeline renders the lessons) under the versions' path, beside their other reads. */
@ApiTags('Версии расписания')
@ApiBearerAuth()
@Controller('api/edu-office/schedule/versions')
export class VersionLessonsController {
  constructor(
    private readonly lessons: VersionLessonsService,
    private readonly http: ViewingHttpCache,
  ) {}

  @Get(':id/lessons')
  @Roles(...VERSION_LESSON_VIEWERS)
  @ApiOperation({
    summary: 'Занятия версии любого статуса (черновик, опубликованная, архивная) для группы, преподавателя или аудитории за период (не более 200 дат)',
    description:
      'Те же занятия, что показал бы просмотр расписания, будь версия опубликована: правила версии и её разовые изменения. ' +
      'Ровно один из groupId, teacherId и classroomId. Ответ несёт ETag; If-None-Match с текущим ETag — 304.',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag ранее полученного ответа' })
  @ApiOkResponse({ type: [RenderedLessonDto] })
  @ApiNotModifiedResponse({ description: 'Занятия версии не изменились' })
  view(@IdParam('id') id: number, @Query() query: VersionLessonsQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    return this.http.answer(request, response, this.lessons.key(id, query), () => this.lessons.lessons(id, query));
  }
}
