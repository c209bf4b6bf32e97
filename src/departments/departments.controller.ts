import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../platform/auth/decorators';
import { ALL_ROLES } from '../platform/auth/roles';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { DepartmentsService } from './departments.service';
import { DepartmentRequest, DepartmentResponse } from './dto/department.dto';

@ApiTags('Кафедры')
@ApiBearerAuth()
@Controller('api/departments')
export class DepartmentsController {
  constructor(private readonly departments: DepartmentsService) {}

  @Get()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Справочник кафедр (по названию)' })
  @ApiOkResponse({ type: [DepartmentResponse] })
  list(): Promise<DepartmentResponse[]> {
    return this.departments.list();
  }

  @PostOk()
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Создать кафедру' })
  @ApiOkResponse({ type: DepartmentResponse })
  create(@Body() body: DepartmentRequest): Promise<DepartmentResponse> {
    return this.departments.create(body);
  }

  @Put(':id')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Изменить название и код кафедры' })
  @ApiOkResponse({ type: DepartmentResponse })
  update(@IdParam('id') id: number, @Body() body: DepartmentRequest): Promise<DepartmentResponse> {
    return this.departments.update(id, body);
  }

  @Delete(':id')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Удалить кафедру, на которую не ссылаются назначения сотрудников; возвращает удалённую' })
  @ApiOkResponse({ type: DepartmentResponse })
  remove(@IdParam('id') id: number): Promise<DepartmentResponse> {
    return this.departments.remove(id);
  }
}
