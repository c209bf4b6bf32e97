import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Roles } from '../../platform/auth/decorators';
import { answerConditionally, sendNotModified, setCacheHeaders } from '../../platform/http/conditional';
import { ALL_ROLES } from '../../platform/auth/roles';
import { LessonChangeResponse, LessonChangesQuery } from './dto/lesson-change.dto';
import { OverrideReads } from './override-reads.service';

/**
 * The one-off changes of a timetable, for its readers (issue 45 §3): the week shows a cancelled
 * lesson in its place, a moved one's old place, both teachers of a substitution and the office's
 * comment. Timetables are public inside the university, so every role reads them; only the office
 * changes them (4.10).
 */
@ApiTags('Просмотр расписания')
@ApiBearerAuth()
@Controller('api/schedule/changes')
export class LessonChangesController {
  constructor(private readonly reads: OverrideReads) {}

  @Get()
  @Roles(...ALL_ROLES)
  @ApiOperation({
    summary: 'Разовые изменения занятий группы или преподавателя за период',
    description:
      'Ровно один из groupId и teacherId; startDate..endDate включительно, не более 200 дат. Изменение попадает в период по исходной или новой дате. ' +
      'Преподавателю — изменения его занятий и замены, которые ему поручены. Только опубликованные версии.',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag ранее полученного ответа' })
  @ApiOkResponse({ type: [LessonChangeResponse] })
  @ApiNotModifiedResponse({ description: 'Изменения не менялись' })
  async list(@Query() query: LessonChangesQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    const answer = await this.reads.changesAnswer(query);
    if (answerConditionally(request, response, answer.etag)) return sendNotModified(response);
    const changes = await answer.make();
    setCacheHeaders(response, answer.etag);
    response.json(changes);
  }
}
