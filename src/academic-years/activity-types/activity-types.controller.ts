import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { CALENDAR_ADMINS } from '../calendar-roles';
import { ActivityTypesService } from './activity-types.service';
import { ActivityTypeRequest, ActivityTypeResponse } from './dto/activity-type.dto';

@ApiTags('Коды активности учебного календаря')
@ApiBearerAuth()
@Controller('api/admin/calendar/activity-types')
export class ActivityTypesController {
  constructor(private readonly activityTypes: ActivityTypesService) {}

  @Get()
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Коды активности по порядку отображения, затем по коду' })
  @ApiOkResponse({ type: [ActivityTypeResponse] })
  list(): Promise<ActivityTypeResponse[]> {
    return this.activityTypes.list();
  }

  @PostOk()
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Создать код активности' })
  @ApiOkResponse({ type: ActivityTypeResponse })
  create(@Body() body: ActivityTypeRequest): Promise<ActivityTypeResponse> {
    return this.activityTypes.create(body);
  }

  @Put(':id')
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Изменить код активности (все поля заменяются)' })
  @ApiOkResponse({ type: ActivityTypeResponse })
  update(@IdParam('id') id: number, @Body() body: ActivityTypeRequest): Promise<ActivityTypeResponse> {
    return this.activityTypes.update(id, body);
  }

  @Delete(':id')
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Удалить неиспользуемый код активности (кроме «Т»); возвращает удалённый' })
  @ApiOkResponse({ type: ActivityTypeResponse })
  remove(@IdParam('id') id: number): Promise<ActivityTypeResponse> {
    return this.activityTypes.remove(id);
  }
}
