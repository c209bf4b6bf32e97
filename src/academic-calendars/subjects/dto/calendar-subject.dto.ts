import { ApiProperty } from '@nestjs/swagger';
import { IdField, IntField } from '../../../platform/http/validators';

/** One binding of a subject to a semester of the calendar. */
export class CalendarSubjectRequest {
  @ApiProperty({ minimum: 1, maximum: 16, description: 'От 1 до числа курсов × 2' })
  @IntField({ min: 1, max: 16 })
  semesterNumber!: number;

  @ApiProperty({ minimum: 1, description: 'Существующая неархивная дисциплина' })
  @IdField()
  subjectId!: number;
}

export class CalendarSubjectResponse {
  @ApiProperty() id!: number;
  @ApiProperty() calendarId!: number;
  @ApiProperty() semesterNumber!: number;
  @ApiProperty() subjectId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty({ nullable: true, type: String }) subjectCode!: string | null;
  @ApiProperty() departmentId!: number;
}
