import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CalendarDateField, IdField, QueryId, QueryIdList, QueryInt, QueryText } from '../../platform/http/validators';
import { Transform } from 'class-transformer';

const DEPARTMENT_PARAM =
  'Кафедра: занятия, отнесённые к ней по закреплению преподавателя на дату занятия. ADMIN, EDUCATION_OFFICE, SCHEDULE_VIEWER — ' +
  'по желанию (без неё — весь вуз); DEPARTMENT — всегда своя из токена, чужая — 403.';

/** Spec 4.16 common parameters: both ends included, at most 200 dates, no 50-group limit. */
export class WorkloadQuery {
  @ApiProperty({ format: 'date', example: '2026-09-01', description: 'Первая дата периода (включительно), ГГГГ-ММ-ДД' })
  @CalendarDateField()
  startDate!: string;

  @ApiProperty({ format: 'date', example: '2026-09-30', description: 'Последняя дата (включительно); в периоде не более 200 дат' })
  @CalendarDateField()
  endDate!: string;

  @ApiPropertyOptional({ description: DEPARTMENT_PARAM })
  @QueryId()
  departmentId?: number;
}

/**
 * Free rooms: one date and pair (`date`, `timeSlotId`), or, with the common parameters of spec 4.16,
 * every date of `startDate..endDate` at one pair (`timeSlotId`) or at every pair of each day's grid.
 * Presence is checked by the service, after the caller's department (a foreign one is 403 first).
 */
export class FreeClassroomsQuery {
  @ApiPropertyOptional({ format: 'date', example: '2026-09-07', description: 'Дата, ГГГГ-ММ-ДД (одна дата и пара; не вместе с startDate/endDate)' })
  @CalendarDateField({ optional: true })
  date?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-09-01', description: 'Первая дата периода (включительно); вместе с endDate, не более 200 дат' })
  @CalendarDateField({ optional: true })
  startDate?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-09-07', description: 'Последняя дата периода (включительно)' })
  @CalendarDateField({ optional: true })
  endDate?: string;

  @ApiPropertyOptional({
    example: 1,
    description:
      'Пара: пара сетки звонков, действующей в дату, или пара основной сетки (берётся пара с тем же номером в сетке дня). ' +
      'Обязательна с date; с периодом — по желанию (без неё — каждая пара каждого дня)',
  })
  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IdField({ optional: true })
  timeSlotId?: number;

  @ApiPropertyOptional({ minimum: 1, description: 'Не меньше этого числа мест' })
  @QueryInt({ min: 1, max: 100000 })
  minCapacity?: number;

  @ApiPropertyOptional({
    type: [Number],
    description: 'Оборудование, которое должно быть в аудитории целиком (повторяемый параметр: equipmentIds=1&equipmentIds=2, или через запятую)',
  })
  @QueryIdList({ maxItems: 50 })
  equipmentIds?: number[];

  @ApiPropertyOptional({ example: 'Главный корпус', description: 'Только аудитории этого корпуса (без учёта регистра и пробелов по краям)' })
  @QueryText()
  building?: string;

  @ApiPropertyOptional({ description: 'Не сужает ответ (аудитории общие); для DEPARTMENT чужая кафедра — 403, как в остальных отчётах' })
  @QueryId()
  departmentId?: number;
}

/** Spec 2, workload row (teachers report). */
export class TeacherWorkloadRow {
  @ApiProperty({ description: 'Преподаватель' }) id!: number;
  @ApiProperty({ description: 'ФИО' }) name!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Кафедра на даты занятий; null — не закреплён ни за одной' })
  departmentId!: number | null;
  @ApiProperty({ type: String, nullable: true }) departmentName!: string | null;
  @ApiProperty({ description: 'Занятий (пар); занятие нескольких групп — одно' }) lessonCount!: number;
  @ApiProperty({ description: 'Академических часов: 2 за занятие' }) academicHours!: number;
  @ApiProperty({ description: 'Различных дат и времени, занятых преподавателем' }) occupiedSlotCount!: number;
}

export class ClassroomWorkloadRow {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) building!: string | null;
  @ApiProperty({ type: Number, nullable: true }) floor!: number | null;
  @ApiProperty({ description: 'Мест' }) capacity!: number;
  @ApiProperty({ description: 'Открыта ли для расписания (isAvailable)' }) isAvailable!: boolean;
  @ApiProperty({ description: 'Занятий в аудитории' }) lessonCount!: number;
  @ApiProperty({ description: 'Занятых пар (различных дат и времени)' }) occupiedSlotCount!: number;
  @ApiProperty({ description: 'Академических часов: 2 за занятие' }) academicHours!: number;
  @ApiProperty({ description: 'Среднее число студентов на занятии (размер групп или вместимость подгрупп)' }) averageAudience!: number;
  @ApiProperty({ description: 'Средняя заполненность мест, %' }) averageFillPercent!: number;
  @ApiProperty({ description: 'Занятий, где студентов больше, чем мест' }) overfilledLessonCount!: number;
}

export class DepartmentWorkloadRow {
  @ApiProperty({ type: Number, nullable: true, description: 'null — занятия преподавателей, не закреплённых ни за одной кафедрой на дату' })
  departmentId!: number | null;
  @ApiProperty({ type: String, nullable: true }) departmentName!: string | null;
  @ApiProperty({ description: 'Преподавателей, у которых есть занятия кафедры' }) teacherCount!: number;
  @ApiProperty() lessonCount!: number;
  @ApiProperty({ description: 'Академических часов: 2 за занятие' }) academicHours!: number;
  @ApiProperty() lectureHours!: number;
  @ApiProperty() practiceHours!: number;
  @ApiProperty() laboratoryHours!: number;
}

export class WeekdayUse {
  @ApiProperty({ minimum: 1, maximum: 7 }) dayOfWeek!: number;
  @ApiProperty({ example: 'Понедельник' }) dayName!: string;
  @ApiProperty() lessonCount!: number;
}

export class TimeSlotWorkloadRow {
  @ApiProperty({ description: 'Пара основной сетки с этим номером (пара другой сетки, если такого номера в основной нет)' })
  timeSlotId!: number;
  @ApiProperty() orderNumber!: number;
  @ApiProperty({ example: '08:30:00' }) startTime!: string;
  @ApiProperty({ example: '10:00:00' }) endTime!: string;
  @ApiProperty({ description: 'Занятий на паре с этим номером за период' }) lessonCount!: number;
  @ApiProperty({ description: 'Академических часов: 2 за занятие' }) academicHours!: number;
  @ApiProperty({ description: 'Больше всего занятий на этой паре в одну дату (сколько аудиторий нужно одновременно)' })
  peakLessonCount!: number;
  @ApiProperty({ type: [WeekdayUse], description: 'По дням недели, с понедельника по воскресенье' }) days!: WeekdayUse[];
}

export class EquipmentRef {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class FreeClassroomRow {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) building!: string | null;
  @ApiProperty({ type: Number, nullable: true }) floor!: number | null;
  @ApiProperty() capacity!: number;
  @ApiProperty({ type: [EquipmentRef] }) equipments!: EquipmentRef[];
}

/** The free rooms of one date at one pair of that day's grid (the answer over a period). */
export class FreeClassroomsAtPair {
  @ApiProperty({ format: 'date' }) date!: string;
  @ApiProperty({ description: 'Пара сетки, действующей в эту дату' }) timeSlotId!: number;
  @ApiProperty({ description: 'Номер пары' }) orderNumber!: number;
  @ApiProperty({ example: '09:00' }) startTime!: string;
  @ApiProperty({ example: '10:30' }) endTime!: string;
  @ApiProperty({ type: [FreeClassroomRow], description: 'По возрастанию вместимости' }) classrooms!: FreeClassroomRow[];
}
