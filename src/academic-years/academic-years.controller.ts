import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { AcademicYearsService } from './academic-years.service';
import { CALENDAR_ADMINS } from './calendar-roles';
import { AcademicYearCreateRequest, AcademicYearResponse, AcademicYearUpdateRequest } from './dto/academic-year.dto';

@ApiTags('Учебные годы и семестры')
@ApiBearerAuth()
@Controller('api/admin/calendar/years')
export class AcademicYearsController {
  constructor(private readonly years: AcademicYearsService) {}

  @Get()
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Учебные годы с семестрами, новые первыми' })
  @ApiOkResponse({ type: [AcademicYearResponse] })
  list(): Promise<AcademicYearResponse[]> {
    return this.years.list();
  }

  @PostOk()
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Создать учебный год с семестрами; каждый семестр получает опубликованную версию 1 «Основное расписание»' })
  @ApiOkResponse({ type: AcademicYearResponse })
  create(@CurrentUser() caller: AuthUser, @Body() body: AcademicYearCreateRequest): Promise<AcademicYearResponse> {
    return this.years.create(caller, body);
  }

  @Put(':id')
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Изменить дату начала учебного года (название и окончание пересчитываются; семестры в теле игнорируются)' })
  @ApiOkResponse({ type: AcademicYearResponse })
  update(@IdParam('id') id: number, @Body() body: AcademicYearUpdateRequest): Promise<AcademicYearResponse> {
    return this.years.update(id, body);
  }

  @Delete(':id')
  @Roles(...CALENDAR_ADMINS)
  @ApiOperation({ summary: 'Удалить неиспользуемый учебный год с семестрами и их пустыми версиями 1; возвращает удалённый' })
  @ApiOkResponse({ type: AcademicYearResponse })
  remove(@IdParam('id') id: number): Promise<AcademicYearResponse> {
    return this.years.remove(id);
  }
}
