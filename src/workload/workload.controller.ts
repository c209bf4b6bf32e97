import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import {
  ClassroomWorkloadRow,
  DepartmentWorkloadRow,
  FreeClassroomRow,
  FreeClassroomsAtPair,
  FreeClassroomsQuery,
  TeacherWorkloadRow,
  TimeSlotWorkloadRow,
  WorkloadQuery,
} from './dto/workload.dto';
import { FreeClassroomsService } from './free-classrooms.service';
import { WorkloadService } from './workload.service';
import { FREE_ROOM_READERS, REPORT_READERS, TEACHER_REPORT_READERS } from './workload-scope';

const COMMON =
  'По фактическому расписанию опубликованных версий: разовые изменения учтены (отменённое занятие не считается, перенесённое — в новую ' +
  'дату, замена — у нового преподавателя), 2 академических часа за занятие, только действующие группы, без ограничения в 50 групп. ' +
  'Кафедра занятия — по закреплению преподавателя на дату занятия (основное, затем дополнительное). Период включительно, не более 200 дат.';

@ApiTags('Нагрузка')
@ApiBearerAuth()
@Controller('api/workload')
export class WorkloadController {
  constructor(
    private readonly workload: WorkloadService,
    private readonly freeRooms: FreeClassroomsService,
  ) {}

  @Get('teachers')
  @Roles(...TEACHER_REPORT_READERS)
  @ApiOperation({
    summary: 'Нагрузка преподавателей',
    description:
      `${COMMON} Строка — преподаватель и кафедра; перевод внутри периода делит нагрузку на две строки. Действующие преподаватели без ` +
      'занятий тоже показаны (с нулями). TEACHER видит только свои строки.',
  })
  @ApiOkResponse({ type: [TeacherWorkloadRow] })
  teachers(@CurrentUser() caller: AuthUser, @Query() query: WorkloadQuery): Promise<TeacherWorkloadRow[]> {
    return this.workload.teachers(caller, query);
  }

  @Get('classrooms')
  @Roles(...REPORT_READERS)
  @ApiOperation({
    summary: 'Занятость аудиторий',
    description: `${COMMON} Без кафедры — все аудитории в работе, в том числе простаивающие; с кафедрой — аудитории её занятий.`,
  })
  @ApiOkResponse({ type: [ClassroomWorkloadRow] })
  classrooms(@CurrentUser() caller: AuthUser, @Query() query: WorkloadQuery): Promise<ClassroomWorkloadRow[]> {
    return this.workload.classrooms(caller, query);
  }

  @Get('departments')
  @Roles(...REPORT_READERS)
  @ApiOperation({
    summary: 'Нагрузка кафедр',
    description: `${COMMON} Строка с departmentId = null — занятия преподавателей, не закреплённых на дату ни за одной кафедрой.`,
  })
  @ApiOkResponse({ type: [DepartmentWorkloadRow] })
  departments(@CurrentUser() caller: AuthUser, @Query() query: WorkloadQuery): Promise<DepartmentWorkloadRow[]> {
    return this.workload.departments(caller, query);
  }

  @Get('time-slots')
  @Roles(...REPORT_READERS)
  @ApiOperation({
    summary: 'Использование пар по дням недели',
    description: `${COMMON} Пара другой сетки (субботней, ручной) считается парой основной сетки с тем же номером.`,
  })
  @ApiOkResponse({ type: [TimeSlotWorkloadRow] })
  timeSlots(@CurrentUser() caller: AuthUser, @Query() query: WorkloadQuery): Promise<TimeSlotWorkloadRow[]> {
    return this.workload.timeSlots(caller, query);
  }

  @Get('free-classrooms')
  @Roles(...FREE_ROOM_READERS)
  @ApiOperation({
    summary: 'Свободные аудитории на дату и пару или за период',
    description:
      'Аудитории в работе (не в архиве, isAvailable), которые ни одно фактическое занятие не занимает в пересекающееся время этого дня; ' +
      'по возрастанию вместимости. Фильтры: minCapacity, equipmentIds (всё перечисленное оборудование), building (корпус). С date и timeSlotId — массив ' +
      'аудиторий; с общими параметрами отчётов startDate и endDate (не более 200 дат) — массив «дата и пара» со свободными аудиториями, ' +
      'для пары timeSlotId или для каждой пары сетки дня. DEPARTMENT с чужой departmentId — 403 раньше проверки остальных параметров.',
  })
  @ApiExtraModels(FreeClassroomRow, FreeClassroomsAtPair)
  @ApiOkResponse({
    description: 'Массив аудиторий (дата и пара) или массив «дата и пара» (период)',
    schema: {
      oneOf: [
        { type: 'array', items: { $ref: getSchemaPath(FreeClassroomRow) } },
        { type: 'array', items: { $ref: getSchemaPath(FreeClassroomsAtPair) } },
      ],
    },
  })
  freeClassrooms(@CurrentUser() caller: AuthUser, @Query() query: FreeClassroomsQuery): Promise<FreeClassroomRow[] | FreeClassroomsAtPair[]> {
    return this.freeRooms.find(caller, query);
  }
}
