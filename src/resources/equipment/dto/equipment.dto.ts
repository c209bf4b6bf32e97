import { ApiProperty } from '@nestjs/swagger';
import { TextField } from '../../../platform/http/validators';

export class EquipmentRequest {
  @ApiProperty({ example: 'Проектор', maxLength: 255 })
  @TextField({ maxLength: 255 })
  name!: string;
}

export class EquipmentResponse {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}
