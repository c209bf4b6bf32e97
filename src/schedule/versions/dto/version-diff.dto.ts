import { ApiProperty } from '@nestjs/swagger';

export class DiffRuleSummary {
  @ApiProperty() ruleId!: number;
  @ApiProperty({ description: 'Исходное правило цепочки копий (для правила, созданного в этой версии, — оно само)' }) lineageRuleId!: number;
  @ApiProperty() subjectId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty({ type: [Number] }) groupIds!: number[];
  @ApiProperty({ type: [String] }) groupNames!: string[];
  @ApiProperty() lectureAcademicHours!: number;
  @ApiProperty() laboratoryAcademicHours!: number;
  @ApiProperty() practiceAcademicHours!: number;
  @ApiProperty({ description: 'Все слоты правила, неразмещённые тоже' }) slotCount!: number;
  @ApiProperty({ description: 'Слоты черновика без дня, пары и аудитории (у них нет занятий)' }) unplacedSlotCount!: number;
}

export class DiffRuleChange {
  @ApiProperty({ description: 'Правило сравниваемой версии' }) ruleId!: number;
  @ApiProperty({ description: 'Соответствующее правило базовой версии' }) baseRuleId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty({
    type: [String],
    example: ['lectureAcademicHours', 'slots'],
    description:
      'subjectId, lectureAcademicHours, laboratoryAcademicHours, practiceAcademicHours, lectureStartWeek, laboratoryStartWeek, practiceStartWeek, groupIds, slots',
  })
  changes!: string[];
}

export class DiffRules {
  @ApiProperty({ type: [DiffRuleSummary] }) added!: DiffRuleSummary[];
  @ApiProperty({ type: [DiffRuleSummary] }) removed!: DiffRuleSummary[];
  @ApiProperty({ type: [DiffRuleChange] }) changed!: DiffRuleChange[];
}

export class DiffLessonSummary {
  @ApiProperty({ example: '2026-09-01' }) date!: string;
  @ApiProperty() dayOfWeek!: number;
  @ApiProperty({ example: '08:30:00' }) startTime!: string;
  @ApiProperty({ example: '10:00:00' }) endTime!: string;
  @ApiProperty() ruleId!: number;
  @ApiProperty() scheduleRuleSlotId!: number;
  @ApiProperty() subjectId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty() teacherId!: number;
  @ApiProperty() teacherName!: string;
  @ApiProperty() classroomId!: number;
  @ApiProperty() classroomName!: string;
  @ApiProperty() lessonTypeId!: number;
  @ApiProperty() lessonTypeName!: string;
  @ApiProperty() lessonFormat!: string;
  @ApiProperty({ enum: ['BOTH', 'ODD', 'EVEN'], description: 'Чётность слота правила' }) slotParity!: string;
  @ApiProperty({ type: [Number] }) groupIds!: number[];
  @ApiProperty({ type: [String] }) groupNames!: string[];
  @ApiProperty({ type: [Number] }) subgroupIds!: number[];
}

export class DiffLessons {
  @ApiProperty({ type: [DiffLessonSummary], description: 'Есть в версии и нет в базовой; по дате и времени, не более 500' })
  added!: DiffLessonSummary[];
  @ApiProperty({ type: [DiffLessonSummary], description: 'Есть в базовой и нет в версии; не более 500' }) removed!: DiffLessonSummary[];
  @ApiProperty({ description: 'Всего добавленных занятий' }) addedCount!: number;
  @ApiProperty({ description: 'Всего удалённых занятий' }) removedCount!: number;
  @ApiProperty({ description: 'Из них пар «удалено — добавлено» одного правила и вида занятия в одну дату (изменённые занятия)' })
  changedCount!: number;
  @ApiProperty({ description: 'Списки обрезаны до 500' }) truncated!: boolean;
}

export class VersionDiffResponse {
  @ApiProperty() versionId!: number;
  @ApiProperty() baseVersionId!: number;
  @ApiProperty({ type: DiffRules }) rules!: DiffRules;
  @ApiProperty({ type: DiffLessons }) lessons!: DiffLessons;
}
