import { ApiProperty } from '@nestjs/swagger';
import { IntField, TextField } from '../../platform/http/validators';

export class DepartmentRequest {
  @ApiProperty({ example: 'Кафедра прикладной математики', maxLength: 255 })
  @TextField({ maxLength: 255 })
  departmentName!: string;

  @ApiProperty({ example: 101, minimum: 1 })
  @IntField({ min: 1, max: 2_147_483_647 })
  departmentCode!: number;
}

export class DepartmentResponse {
  @ApiProperty() id!: number;
  @ApiProperty() departmentName!: string;
  @ApiProperty() departmentCode!: number;
}
