import { ApiProperty } from '@nestjs/swagger';
import { TextField } from '../../../platform/http/validators';

export const COMMENT_MAX = 2000;

export class SubjectCommentRequest {
  @ApiProperty({ example: 'Нужна лаборатория с компьютерами', maxLength: COMMENT_MAX })
  @TextField({ maxLength: COMMENT_MAX })
  text!: string;
}

export class SubjectCommentResponse {
  @ApiProperty() id!: number;
  @ApiProperty() subjectId!: number;
  @ApiProperty() authorId!: number;
  @ApiProperty({ description: 'ФИО автора' }) authorName!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
}
