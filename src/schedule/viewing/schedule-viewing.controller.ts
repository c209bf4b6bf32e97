import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { LessonTypeResponse, RenderedLessonDto } from './dto/rendered-lesson.dto';
import { DepartmentScheduleQuery, ScheduleQuery, ScheduleSearchQuery } from './dto/schedule-queries.dto';
import { ScheduleViewingService } from './schedule-viewing.service';
import { DEPARTMENT_SCHEDULE_VIEWERS, SCHEDULE_VIEWERS } from './viewing-roles';

@ApiTags('Просмотр расписания')
@ApiBearerAuth()
@Controller('api/schedule')
export class ScheduleViewingController {
  constructor(private readonly viewing: ScheduleViewingService) {}

  @Get()
  @Roles(...SCHEDULE_VIEWERS)
  @ApiOperation({ summary: 'Занятия группы или преподавателя за период (не более 200 дат) по опубликованным версиям' })
  @ApiOkResponse({ type: [RenderedLessonDto] })
  async view(@CurrentUser() caller: AuthUser, @Query() query: ScheduleQuery): Promise<StreamableFile> {
    return (await this.viewing.schedule(caller, query)).toResponse();
  }

  @Get('search')
  @Roles(...SCHEDULE_VIEWERS)
  @ApiOperation({ summary: 'Поиск занятий по фильтрам; без группы и кафедры (кроме режима преподавателя) — не более 50 групп' })
  @ApiOkResponse({ type: [RenderedLessonDto] })
  async search(@CurrentUser() caller: AuthUser, @Query() query: ScheduleSearchQuery): Promise<StreamableFile> {
    return (await this.viewing.search(caller, query)).toResponse();
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
  constructor(private readonly viewing: ScheduleViewingService) {}

  @Get()
  @Roles(...DEPARTMENT_SCHEDULE_VIEWERS)
  @ApiOperation({ summary: 'Занятия действующих групп кафедры за период; DEPARTMENT — своей кафедры, остальные указывают departmentId' })
  @ApiOkResponse({ type: [RenderedLessonDto] })
  async view(@CurrentUser() caller: AuthUser, @Query() query: DepartmentScheduleQuery): Promise<StreamableFile> {
    return (await this.viewing.departmentSchedule(caller, query)).toResponse();
  }
}
