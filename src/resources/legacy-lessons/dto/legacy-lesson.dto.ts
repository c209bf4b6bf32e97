import { ApiProperty } from '@nestjs/swagger';
import { IdField, TextField } from '../../../platform/http/validators';

export const LEGACY_TEXT_MAX = 100;

/** The earlier revision's lesson: ids must be present and positive, texts non-empty. */
export class LegacyLessonRequest {
  @ApiProperty({ description: 'Пользователь с ролью TEACHER' })
  @IdField()
  teacherId!: number;

  @ApiProperty()
  @IdField()
  groupId!: number;

  @ApiProperty({ description: '1 — лекция, 2 — практика, 3 — лабораторная работа' })
  @IdField()
  lessonTypeId!: number;

  @ApiProperty({ example: 'Понедельник', maxLength: LEGACY_TEXT_MAX })
  @TextField({ maxLength: LEGACY_TEXT_MAX })
  day!: string;

  @ApiProperty({ example: '1', maxLength: LEGACY_TEXT_MAX })
  @TextField({ maxLength: LEGACY_TEXT_MAX })
  week!: string;

  @ApiProperty({ example: '08:30', maxLength: LEGACY_TEXT_MAX })
  @TextField({ maxLength: LEGACY_TEXT_MAX })
  time!: string;
}

export class LegacyLessonResponse {
  @ApiProperty() id!: number;
  @ApiProperty() teacherId!: number;
  @ApiProperty({ nullable: true, type: Number }) groupId!: number | null;
  @ApiProperty() lessonTypeId!: number;
  @ApiProperty() day!: string;
  @ApiProperty() week!: string;
  @ApiProperty() time!: string;
}

/** The earlier revision's 400 body. */
export class LegacyErrorResponse {
  @ApiProperty() message!: string;
}
