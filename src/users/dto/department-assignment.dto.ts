import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CalendarDateField, IdField, TextField } from '../../platform/http/validators';

export class DepartmentTransferRequest {
  @ApiProperty({ description: 'Новая основная кафедра' })
  @IdField()
  departmentId!: number;

  @ApiProperty({ example: '2025-09-01', description: 'Первый день на новой кафедре' })
  @CalendarDateField()
  validFrom!: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @TextField({ optional: true, maxLength: 1000 })
  comment?: string | null;
}

export class DepartmentHistoryItem {
  @ApiProperty() id!: number;
  @ApiProperty() userId!: number;
  @ApiProperty() departmentId!: number;
  @ApiProperty() departmentName!: string;
  @ApiProperty({ description: 'Основная (true) или дополнительная (false) привязка' }) primary!: boolean;
  @ApiProperty({ example: '2025-09-01' }) validFrom!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Включительно; null, если период открыт' }) validTo!: string | null;
  @ApiProperty({ nullable: true, type: String }) comment!: string | null;
  @ApiProperty({ example: '2025-08-20T09:15:00.000Z' }) createdAt!: string;
}
