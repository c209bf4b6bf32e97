import { Body, Controller, Delete, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { GRID_EDITORS, GRID_READERS } from '../shared/access';
import { DateAssignmentsService } from './date-assignments.service';
import { DateAssignmentListQuery, DateAssignmentRequest, DateAssignmentResponse } from './dto/date-assignment.dto';

@ApiTags('Сетки звонков')
@ApiBearerAuth()
@Controller('api/admin/time-slots/date-assignments')
export class DateAssignmentsController {
  constructor(private readonly assignments: DateAssignmentsService) {}

  @Get()
  @Roles(...GRID_READERS)
  @ApiOperation({ summary: 'Назначения ручных сеток на даты (по дате), с необязательным периодом' })
  @ApiOkResponse({ type: [DateAssignmentResponse] })
  list(@Query() query: DateAssignmentListQuery): Promise<DateAssignmentResponse[]> {
    return this.assignments.list(query);
  }

  @PostOk()
  @Roles(...GRID_EDITORS)
  @ApiOperation({ summary: 'Назначить ручную сетку на дату (одна сетка на дату)' })
  @ApiOkResponse({ type: DateAssignmentResponse })
  create(@Body() body: DateAssignmentRequest): Promise<DateAssignmentResponse> {
    return this.assignments.create(body);
  }

  @Delete(':id')
  @Roles(...GRID_EDITORS)
  @ApiOperation({ summary: 'Снять назначение сетки с даты; возвращает удалённое' })
  @ApiOkResponse({ type: DateAssignmentResponse })
  remove(@IdParam('id') id: number): Promise<DateAssignmentResponse> {
    return this.assignments.remove(id);
  }
}
