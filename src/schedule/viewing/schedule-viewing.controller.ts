import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { LessonTypeResponse, RenderedLessonDto } from './dto/rendered-lesson.dto';
import { DepartmentScheduleQuery, ScheduleQuery, ScheduleSearchQuery } from './dto/schedule-queries.dto';
import { ScheduleViewingService } from './schedule-viewing.service';
import { ViewingHttpCache } from './viewing-http-cache';
import { DEPARTMENT_SCHEDULE_VIEWERS, SCHEDULE_VIEWERS } from './viewing-roles';

const CONDITIONAL = 'Ответ несёт ETag (версия данных расписания и запрос) и Cache-Control: private, no-cache; If-None-Match с текущим ETag — 304.';
const IfNoneMatch = () => ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag ранее полученного ответа' });

@ApiTags('Просмотр расписания')
@ApiBearerAuth()
@Controller('api/schedule')
export class ScheduleViewingController {
  constructor(
    private readonly viewing: ScheduleViewingService,
    private readonly http: ViewingHttpCache,
  ) {}

  @Get()
  @Roles(...SCHEDULE_VIEWERS)
  @ApiOperation({ summary: 'Занятия группы или преподавателя за период (не более 200 дат) по опубликованным версиям', description: CONDITIONAL })
  @IfNoneMatch()
  @ApiOkResponse({ type: [RenderedLessonDto] })
  @ApiNotModifiedResponse({ description: 'Расписание не изменилось' })
  view(
    @CurrentUser() caller: AuthUser,
    @Query() query: ScheduleQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.http.answer(request, response, this.viewing.scheduleKey(caller, query), () => this.viewing.schedule(caller, query));
  }

  @Get('search')
  @Roles(...SCHEDULE_VIEWERS)
  @ApiOperation({ summary: 'Поиск занятий по фильтрам; без группы и кафедры (кроме режима преподавателя) — не более 50 групп', description: CONDITIONAL })
  @IfNoneMatch()
  @ApiOkResponse({ type: [RenderedLessonDto] })
  @ApiNotModifiedResponse({ description: 'Расписание не изменилось' })
  search(
    @CurrentUser() caller: AuthUser,
    @Query() query: ScheduleSearchQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.http.answer(request, response, this.viewing.searchKey(caller, query), () => this.viewing.search(caller, query));
  }
}

@ApiTags('Просмотр расписания')
@ApiBearerAuth()
@Controller('api/lesson-types')
export class LessonTypesController {
  constructor(private readonly viewing: ScheduleViewingService) {}

  @Get()
  @Roles(...SCHEDULE_VIEWERS)
  @ApiOperation({ summary: 'Виды занятий по id' })
  @ApiOkResponse({ type: [LessonTypeResponse] })
  list(): Promise<LessonTypeResponse[]> {
    return this.viewing.lessonTypes();
  }
}

@ApiTags('Рабочее место кафедры')
@ApiBearerAuth()
@Controller('api/department/schedule')
export class DepartmentScheduleController {
  constructor(
    private readonly viewing: ScheduleViewingService,
    private readonly http: ViewingHttpCache,
  ) {}

  @Get()
  @Roles(...DEPARTMENT_SCHEDULE_VIEWERS)
  @ApiOperation({
    summary: 'Занятия действующих групп кафедры за период; DEPARTMENT — своей кафедры, остальные указывают departmentId',
    description: CONDITIONAL,
  })
  @IfNoneMatch()
  @ApiOkResponse({ type: [RenderedLessonDto] })
  @ApiNotModifiedResponse({ description: 'Расписание не изменилось' })
  view(
    @CurrentUser() caller: AuthUser,
    @Query() query: DepartmentScheduleQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.http.answer(request, response, this.viewing.departmentKey(caller, query), () => this.viewing.departmentSchedule(caller, query));
  }
}
