import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
import { TextField } from '../../../platform/http/validators';
import { SUBJECT_CODE_MAX, SUBJECT_NAME_MAX } from './subject.dto';

export const MAX_IMPORT_ITEMS = 1000;

/** One subject of a department import; the department always comes from the caller's token. */
export class SubjectImportItem {
  @ApiProperty({ example: 'Математический анализ', maxLength: SUBJECT_NAME_MAX })
  @TextField({ maxLength: SUBJECT_NAME_MAX })
  name!: string;

  @ApiPropertyOptional({ example: 'Б1.О.05', maxLength: SUBJECT_CODE_MAX, nullable: true, description: 'Заменяет код; пустой или отсутствующий код сохраняется как null' })
  @ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null)
  @TextField({ maxLength: SUBJECT_CODE_MAX, allowEmpty: true })
  code?: string | null;
}
