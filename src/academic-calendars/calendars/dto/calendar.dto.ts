import { ApiProperty } from '@nestjs/swagger';
import { IdField, IntField } from '../../../platform/http/validators';

export const MAX_COURSE_COUNT = 8;

/** Create and update body; a client-sent `title` is ignored (stripped), the title is generated. */
export class CalendarRequest {
  @ApiProperty({ minimum: 1 })
  @IdField()
  academicYearId!: number;

  @ApiProperty({ minimum: 1 })
  @IdField()
  specialtyId!: number;

  @ApiProperty({ minimum: 1, description: 'Профиль выбранной специальности' })
  @IdField()
  specialtyProfileId!: number;

  @ApiProperty({ minimum: 1, description: 'Форма обучения из GET /api/education-forms' })
  @IdField()
  studyFormId!: number;

  @ApiProperty({ minimum: 1, maximum: MAX_COURSE_COUNT, example: 4 })
  @IntField({ min: 1, max: MAX_COURSE_COUNT })
  courseCount!: number;
}

export class CalendarResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ example: '09.03.01 Без профиля, Очная, 2025-2026', description: 'Код специальности, профиль, форма обучения, учебный год' })
  title!: string;
  @ApiProperty() academicYearId!: number;
  @ApiProperty({ example: '2025-2026' }) academicYearTitle!: string;
  @ApiProperty() specialtyId!: number;
  @ApiProperty() specialtyCode!: string;
  @ApiProperty() specialtyName!: string;
  @ApiProperty() specialtyProfileId!: number;
  @ApiProperty() specialtyProfileName!: string;
  @ApiProperty() studyFormId!: number;
  @ApiProperty() studyFormName!: string;
  @ApiProperty({ minimum: 1, maximum: MAX_COURSE_COUNT }) courseCount!: number;
  @ApiProperty({ example: '2025-11-21T10:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ example: '2025-11-21T10:00:00.000Z' }) updatedAt!: string;
}

export class CalendarPageResponse {
  @ApiProperty({ type: [CalendarResponse] }) items!: CalendarResponse[];
  @ApiProperty() page!: number;
  @ApiProperty() size!: number;
  @ApiProperty() totalItems!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() first!: boolean;
  @ApiProperty() last!: boolean;
}
