import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { SCHEDULE_VIEWERS } from '../schedule';
import { ScheduleExportQuery } from './dto/schedule-export.query';
import { CONTENT_TYPES } from './file-names';
import { ScheduleExportService } from './schedule-export.service';

@ApiTags('Просмотр расписания')
@ApiBearerAuth()
@Controller('api/schedule/export')
export class ScheduleExportController {
  constructor(private readonly exports: ScheduleExportService) {}

  @Get()
  @Roles(...SCHEDULE_VIEWERS)
  @ApiOperation({
    summary: 'Расписание файлом: XLSX (сетка по неделям), PDF (плакат A4 на неделю для группы или преподавателя) или CSV (занятие в строке)',
    description:
      'Параметры просмотра (4.5): ровно один из groupId, teacherId, classroomId, departmentId и период не более 200 дат; ' +
      'занятия, роли и ограничения — те же, что у GET /api/schedule, поиска по аудитории и расписания кафедры. ' +
      'Имя файла — в Content-Disposition (filename* в UTF-8 и ASCII-запасное filename).',
  })
  @ApiProduces(...Object.values(CONTENT_TYPES))
  @ApiOkResponse({ description: 'Файл расписания', schema: { type: 'string', format: 'binary' } })
  async export(@CurrentUser() caller: AuthUser, @Query() query: ScheduleExportQuery, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    const file = await this.exports.export(caller, query);
    // A file of someone's timetable: kept out of shared caches; the browser downloads it afresh.
    response.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(file.body, { type: file.contentType, disposition: file.disposition, length: file.body.length });
  }
}
