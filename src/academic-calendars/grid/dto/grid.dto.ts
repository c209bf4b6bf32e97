import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { CalendarDateField, IdField, IntField, TextField } from '../../../platform/http/validators';
import { MAX_COURSE_COUNT } from '../../calendars/dto/calendar.dto';

/** One day of one course in a grid PUT; the rules that need the calendar are checked by the service. */
export class GridCellRequest {
  @ApiPropertyOptional({ description: 'Игнорируется: календарь задаётся адресом' })
  @IsOptional()
  calendarId?: unknown;

  @ApiProperty({ minimum: 1, maximum: MAX_COURSE_COUNT, description: 'От 1 до числа курсов календаря' })
  @IntField({ min: 1, max: MAX_COURSE_COUNT })
  courseNumber!: number;

  @ApiProperty({ example: '2025-09-01', description: 'Дата внутри учебного года' })
  @CalendarDateField()
  date!: string;

  @ApiProperty({ minimum: 1, description: 'Неделя с понедельника по воскресенье; неделя 1 содержит начало учебного года' })
  @IntField()
  weekNumber!: number;

  @ApiProperty({ minimum: 1, maximum: 7, description: 'ISO: понедельник 1 … воскресенье 7' })
  @IntField({ min: 1, max: 7 })
  dayOfWeek!: number;

  @ApiPropertyOptional({ description: 'Вид деятельности; достаточно его или activityCode, при обоих они должны совпадать' })
  @IdField({ optional: true })
  activityTypeId?: number;

  @ApiPropertyOptional({ example: 'Т', description: 'Код вида деятельности' })
  @TextField({ optional: true, maxLength: 16 })
  activityCode?: string;
}

export class GridDayResponse {
  @ApiProperty() calendarId!: number;
  @ApiProperty() courseNumber!: number;
  @ApiProperty({ example: '2025-09-01' }) date!: string;
  @ApiProperty() weekNumber!: number;
  @ApiProperty({ minimum: 1, maximum: 7 }) dayOfWeek!: number;
  @ApiProperty() activityTypeId!: number;
  @ApiProperty({ example: 'Т' }) activityCode!: string;
}
