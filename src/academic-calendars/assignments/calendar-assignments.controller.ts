import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { IdParam } from '../../platform/http/id-param';
import { ASSIGNMENT_READERS, CALENDAR_EDITORS } from '../shared/access';
import { CalendarAssignmentsService } from './calendar-assignments.service';
import { AssignmentRequest, AssignmentResponse } from './dto/assignment.dto';

@ApiTags('Группы')
@ApiBearerAuth()
@Controller('api/groups/:id/calendar-assignments')
export class CalendarAssignmentsController {
  constructor(private readonly assignments: CalendarAssignmentsService) {}

  @Get()
  @Roles(...ASSIGNMENT_READERS)
  @ApiOperation({ summary: 'Учебные календари группы по учебным годам; для DEPARTMENT только своей кафедры' })
  @ApiOkResponse({ type: [AssignmentResponse] })
  list(@CurrentUser() caller: AuthUser, @IdParam('id') groupId: number): Promise<AssignmentResponse[]> {
    return this.assignments.list(caller, groupId);
  }

  @Put()
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({
    summary: 'Назначить группе календарь на учебный год (создать или заменить)',
    description:
      'Календарь того же года, специальности, профиля и формы обучения, курс группы в этом году в пределах 1..courseCount, ' +
      'группа не в архиве — иначе 400. Одновременное изменение группы, календаря, года или назначения — 409.',
  })
  @ApiOkResponse({ type: AssignmentResponse })
  save(@IdParam('id') groupId: number, @Body() body: AssignmentRequest): Promise<AssignmentResponse> {
    return this.assignments.save(groupId, body);
  }

  @Delete(':assignmentId')
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({ summary: 'Снять назначение календаря; возвращает удалённое' })
  @ApiOkResponse({ type: AssignmentResponse })
  remove(@IdParam('id') groupId: number, @IdParam('assignmentId') assignmentId: number): Promise<AssignmentResponse> {
    return this.assignments.remove(groupId, assignmentId);
  }
}
