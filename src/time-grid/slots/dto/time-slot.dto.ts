import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CalendarDateField, IdField, IntField, QueryId } from '../../../platform/http/validators';
import { GridApplyMode } from '../../../schedule-engine/effective-grid';
import { GRID_APPLY_MODES } from '../../scopes/dto/grid-scope.dto';
import { TimeOfDayField } from '../../shared/validators';

/** Body of create and update; a client `durationMinutes` is ignored (stripped). */
export class TimeSlotRequest {
  @ApiProperty({ example: 1, minimum: 1, maximum: 20, description: 'Номер пары, уникален в сетке' })
  @IntField({ min: 1, max: 20 })
  orderNumber!: number;

  @ApiProperty({ example: 1, description: 'Сетка (scope)' })
  @IdField()
  scopeId!: number;

  @ApiProperty({ example: '08:30:00', description: 'ЧЧ:ММ или ЧЧ:ММ:СС' })
  @TimeOfDayField()
  startTime!: string;

  @ApiProperty({ example: '10:00:00', description: 'ЧЧ:ММ или ЧЧ:ММ:СС; позже начала не менее чем на минуту' })
  @TimeOfDayField()
  endTime!: string;
}

export class TimeSlotResponse {
  @ApiProperty() id!: number;
  @ApiProperty() orderNumber!: number;
  @ApiProperty() scopeId!: number;
  @ApiProperty() scopeName!: string;
  @ApiProperty({ enum: GRID_APPLY_MODES }) scopeApplyMode!: GridApplyMode;
  @ApiProperty({ example: '08:30:00' }) startTime!: string;
  @ApiProperty({ example: '10:00:00' }) endTime!: string;
  @ApiProperty({ example: 90, description: 'endTime − startTime в целых минутах' }) durationMinutes!: number;
}

export class TimeSlotListQuery {
  @ApiPropertyOptional({ description: 'Только пары этой сетки; без параметра — пары всех сеток' })
  @QueryId()
  scopeId?: number;
}

export class EffectiveGridQuery {
  @ApiProperty({ example: '2025-09-06', description: 'Дата ГГГГ-ММ-ДД' })
  @CalendarDateField()
  date!: string;
}

export class EffectiveGridResponse {
  @ApiProperty({ example: '2025-09-06' }) date!: string;
  @ApiProperty({ description: 'ISO: 1 — понедельник … 7 — воскресенье' }) dayOfWeek!: number;
  @ApiProperty() scopeId!: number;
  @ApiProperty() scopeName!: string;
  @ApiProperty({ enum: GRID_APPLY_MODES }) scopeApplyMode!: GridApplyMode;
  @ApiProperty({ type: [TimeSlotResponse], description: 'Пары действующей сетки по номеру' }) slots!: TimeSlotResponse[];
}
