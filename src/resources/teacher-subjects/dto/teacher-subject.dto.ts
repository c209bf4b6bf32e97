import { ApiProperty } from '@nestjs/swagger';
import { IdField } from '../../../platform/http/validators';

export class TeacherSubjectRequest {
  @ApiProperty({ description: 'Активный пользователь с ролью TEACHER' })
  @IdField()
  userId!: number;

  @ApiProperty({ description: 'Неархивная дисциплина' })
  @IdField()
  subjectId!: number;
}

export class TeacherSubjectResponse {
  @ApiProperty() userId!: number;
  @ApiProperty({ description: 'ФИО преподавателя' }) userName!: string;
  @ApiProperty() subjectId!: number;
  @ApiProperty() subjectName!: string;
}
