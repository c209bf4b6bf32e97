import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CalendarDateField, IdField } from '../../../platform/http/validators';

export class DateAssignmentRequest {
  @ApiProperty({ example: '2025-12-31', description: 'Дата ГГГГ-ММ-ДД' })
  @CalendarDateField()
  date!: string;

  @ApiProperty({ example: 3, description: 'Ручная сетка (MANUAL)' })
  @IdField()
  scopeId!: number;
}

export class DateAssignmentListQuery {
  @ApiPropertyOptional({ example: '2025-09-01', description: 'Назначения не раньше этой даты (включительно)' })
  @CalendarDateField({ optional: true })
  startDate?: string;

  @ApiPropertyOptional({ example: '2026-06-30', description: 'Назначения не позже этой даты (включительно)' })
  @CalendarDateField({ optional: true })
  endDate?: string;
}

export class DateAssignmentResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ example: '2025-12-31' }) date!: string;
  @ApiProperty() scopeId!: number;
  @ApiProperty() scopeName!: string;
}
