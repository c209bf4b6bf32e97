import { EndedRulesField } from '../../../platform/rules-of-archived';
import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
import { IdField, TextField } from '../../../platform/http/validators';

export const SUBJECT_NAME_MAX = 255;
export const SUBJECT_CODE_MAX = 64;

export class SubjectRequest {
  @ApiProperty({ example: 'Математический анализ', maxLength: SUBJECT_NAME_MAX })
  @TextField({ maxLength: SUBJECT_NAME_MAX })
  name!: string;

  @ApiPropertyOptional({ example: 'Б1.О.05', maxLength: SUBJECT_CODE_MAX, nullable: true })
  @ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null)
  @TextField({ maxLength: SUBJECT_CODE_MAX, allowEmpty: true })
  code?: string | null;

  @ApiProperty({ description: 'Кафедра, за которой закреплена дисциплина' })
  @IdField()
  departmentId!: number;
}

export class SubjectResponse {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) code!: string | null;
  @ApiProperty() departmentId!: number;
}

/** The archived record with the schedule rules its archive ended (issue 53). */
export class SubjectRemoveResponse extends IntersectionType(SubjectResponse, EndedRulesField) {}
