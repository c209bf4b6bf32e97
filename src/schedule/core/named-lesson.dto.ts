import { ApiProperty } from '@nestjs/swagger';
import { NamedLesson } from './named-lessons';

/** A named lesson as the API documents it; features answering with one extend this class. */
export class NamedLessonDto implements NamedLesson {
  @ApiProperty() baseRuleSlotId!: number;
  @ApiProperty() dayOfWeek!: number;
  @ApiProperty() timeSlotId!: number;
  @ApiProperty() timeSlotOrder!: number;
  @ApiProperty({ example: '08:30:00' }) startTime!: string;
  @ApiProperty({ example: '10:00:00' }) endTime!: string;
  @ApiProperty() scheduleRuleId!: number;
  @ApiProperty() subjectId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty() lessonTypeId!: number;
  @ApiProperty() lessonTypeName!: string;
  @ApiProperty({ type: [Number] }) groupIds!: number[];
  @ApiProperty({ type: [String] }) groupNames!: string[];
  @ApiProperty({ type: [Number] }) subgroupIds!: number[];
  @ApiProperty({ type: [String] }) subgroupNames!: string[];
  @ApiProperty() classroomId!: number;
  @ApiProperty() classroomName!: string;
  @ApiProperty() lessonFormat!: string;
}
