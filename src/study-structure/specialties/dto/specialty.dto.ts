import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TextField } from '../../../platform/http/validators';

export class SpecialtyRequest {
  @ApiProperty({ example: 'Прикладная информатика', maxLength: 255 })
  @TextField({ maxLength: 255 })
  specialityName!: string;

  @ApiProperty({ example: '09.03.03', maxLength: 64, description: 'Уникален без учёта регистра' })
  @TextField({ maxLength: 64 })
  specialityCode!: string;
}

export class SpecialtyResponse {
  @ApiProperty() id!: number;
  @ApiProperty() specialityName!: string;
  @ApiProperty() specialityCode!: string;
}

export class ProfileRequest {
  @ApiProperty({ example: 'Прикладная информатика в экономике', maxLength: 255, description: 'Уникален в пределах специальности' })
  @TextField({ maxLength: 255 })
  name!: string;

  @ApiPropertyOptional({ maxLength: 2000, nullable: true, description: 'Пустая строка сохраняется как null' })
  @TextField({ optional: true, maxLength: 2000 })
  description?: string | null;
}

export class ProfileResponse {
  @ApiProperty() id!: number;
  @ApiProperty() specialtyId!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
}
