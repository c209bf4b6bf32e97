import { ApiProperty } from '@nestjs/swagger';
import { TextField } from '../../../platform/http/validators';

export class EducationFormRequest {
  @ApiProperty({ example: 'Очная', maxLength: 255, description: 'Уникально без учёта регистра' })
  @TextField({ maxLength: 255 })
  name!: string;
}

export class EducationFormResponse {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}
