import { ApiProperty } from '@nestjs/swagger';
import { IdField } from '../../../platform/http/validators';
import { CalendarSubjectResponse } from '../../subjects/dto/calendar-subject.dto';

/** Assigns a calendar to the group for an academic year, replacing that year's assignment. */
export class AssignmentRequest {
  @ApiProperty({ minimum: 1 })
  @IdField()
  academicYearId!: number;

  @ApiProperty({ minimum: 1, description: 'Календарь того же учебного года, специальности, профиля и формы обучения, что и группа' })
  @IdField()
  calendarId!: number;
}

export class AssignmentResponse {
  @ApiProperty() id!: number;
  @ApiProperty() groupId!: number;
  @ApiProperty() groupName!: string;
  @ApiProperty() academicYearId!: number;
  @ApiProperty({ example: '2025-2026' }) academicYearTitle!: string;
  @ApiProperty() calendarId!: number;
  @ApiProperty() calendarTitle!: string;
  @ApiProperty({ type: [CalendarSubjectResponse], description: 'Дисциплины календаря' }) subjects!: CalendarSubjectResponse[];
}
