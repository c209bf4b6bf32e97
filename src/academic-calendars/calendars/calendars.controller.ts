import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { Page } from '../../platform/http/paging';
import { CALENDAR_EDITORS } from '../shared/access';
import { CalendarListQuery, CalendarOptionsQuery, CalendarPageQuery } from './dto/calendar-queries.dto';
import { CalendarPageResponse, CalendarRequest, CalendarResponse } from './dto/calendar.dto';
import { CalendarsService } from './calendars.service';

// Route order matters: `page` and `options` come before `:id`.
@ApiTags('Учебные календари')
@ApiBearerAuth()
@Controller('api/admin/academic-calendars')
export class CalendarsController {
  constructor(private readonly calendars: CalendarsService) {}

  @Get()
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({ summary: 'Учебные календари с фильтрами по году, специальности и профилю' })
  @ApiOkResponse({ type: [CalendarResponse] })
  list(@Query() query: CalendarListQuery): Promise<CalendarResponse[]> {
    return this.calendars.list(query);
  }

  @Get('page')
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({ summary: 'Страница календарей: новые годы сначала, затем по названию; поиск без учёта регистра' })
  @ApiOkResponse({ type: CalendarPageResponse })
  page(@Query() query: CalendarPageQuery): Promise<Page<CalendarResponse>> {
    return this.calendars.page(query);
  }

  @Get('options')
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({ summary: 'Подходящие календари для выбора: поиск, фильтры, выбранный, лимит 1..50' })
  @ApiOkResponse({ type: [CalendarResponse] })
  options(@Query() query: CalendarOptionsQuery): Promise<CalendarResponse[]> {
    return this.calendars.options(query);
  }

  @Get(':id')
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({ summary: 'Учебный календарь' })
  @ApiOkResponse({ type: CalendarResponse })
  get(@IdParam('id') id: number): Promise<CalendarResponse> {
    return this.calendars.get(id);
  }

  @PostOk()
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({
    summary: 'Создать календарь',
    description: 'Название формируется автоматически; каждый курс получает код «Т» на весь учебный год. Без кода «Т» или если он не разрешает занятия — 400.',
  })
  @ApiOkResponse({ type: CalendarResponse })
  create(@Body() body: CalendarRequest): Promise<CalendarResponse> {
    return this.calendars.create(body);
  }

  @Put(':id')
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({
    summary: 'Изменить календарь',
    description: 'График не пересоздаётся. Изменение, несовместимое с назначениями групп, графиком или дисциплинами, — 409 без изменений.',
  })
  @ApiOkResponse({ type: CalendarResponse })
  update(@IdParam('id') id: number, @Body() body: CalendarRequest): Promise<CalendarResponse> {
    return this.calendars.update(id, body);
  }

  @Delete(':id')
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({ summary: 'Удалить календарь с графиком и дисциплинами (нельзя, пока он назначен группам); возвращает удалённый' })
  @ApiOkResponse({ type: CalendarResponse })
  remove(@IdParam('id') id: number): Promise<CalendarResponse> {
    return this.calendars.remove(id);
  }
}
