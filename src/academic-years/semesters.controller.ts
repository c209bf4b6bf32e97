import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { ALL_ROLES } from '../platform/auth/roles';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { CALENDAR_ADMINS } from './calendar-roles';
import { SemesterListItem, SemesterRequest, SemesterResponse } from './dto/academic-year.dto';
import { SemestersService } from './semesters.service';

@ApiTags('Учебные годы и семестры')
@ApiBearerAuth()
@Controller('api/admin/calendar')
export class SemestersController {
  constructor(private readonly semesters: SemestersService) {}

  @Get('years/:academicYearId/semesters')
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Семестры учебного года по дате начала' })
  @ApiOkResponse({ type: [SemesterResponse] })
  list(@IdParam('academicYearId') yearId: number): Promise<SemesterResponse[]> {
    return this.semesters.listOfYear(yearId);
  }

  @PostOk('years/:academicYearId/semesters')
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Добавить семестр; он получает опубликованную версию 1 «Основное расписание»' })
  @ApiOkResponse({ type: SemesterResponse })
  create(@CurrentUser() caller: AuthUser, @IdParam('academicYearId') yearId: number, @Body() body: SemesterRequest): Promise<SemesterResponse> {
    return this.semesters.create(caller, yearId, body);
  }

  @Put('semesters/:id')
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Изменить тип и даты семестра' })
  @ApiOkResponse({ type: SemesterResponse })
  update(@IdParam('id') id: number, @Body() body: SemesterRequest): Promise<SemesterResponse> {
    return this.semesters.update(id, body);
  }
}

/** The semester picker of the schedule views: every role that may view schedules. */
@ApiTags('Просмотр расписания')
@ApiBearerAuth()
@Controller('api/schedule/semesters')
export class SemesterListController {
  constructor(private readonly semesters: SemestersService) {}

  @Get()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Все семестры всех учебных лет, новые первыми' })
  @ApiOkResponse({ type: [SemesterListItem] })
  list(): Promise<SemesterListItem[]> {
    return this.semesters.listAll();
  }
}
