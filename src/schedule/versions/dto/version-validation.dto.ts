import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ConflictField } from '../../../schedule-engine/conflicts';
import { PROBLEM_TYPES, ProblemType, RuleProblem } from '../../../schedule-engine/rule-problems';

export class VersionProblem implements RuleProblem {
  @ApiProperty({ description: 'Правило с проблемой (у конфликта — меньший id пары)' }) ruleId!: number;
  @ApiPropertyOptional({ description: 'Второе правило конфликта; нет, если пересекаются слоты одного правила' }) otherRuleId?: number;
  @ApiPropertyOptional({ description: 'Слот правила у проблемы UNPLACED (занятие черновика без дня, пары и аудитории)' }) scheduleRuleSlotId?: number;
  @ApiProperty({ enum: PROBLEM_TYPES }) type!: ProblemType;
  @ApiPropertyOptional({ type: [String], enum: ['teacher', 'classroom', 'group'], isArray: true }) fields?: ConflictField[];
  @ApiPropertyOptional({ example: '2026-09-01', description: 'Дата первого пересечения' }) date?: string;
  @ApiPropertyOptional({ example: '08:30:00' }) startTime?: string;
  @ApiProperty() message!: string;
  @ApiPropertyOptional({ description: 'PAST_LESSONS: сколько уже прошедших занятий правила изменит публикация' }) pastLessonCount?: number;
}

export class VersionValidationResponse {
  @ApiProperty() versionId!: number;
  @ApiProperty({ description: 'Нет ни одной проблемы' }) valid!: boolean;
  @ApiProperty({ description: 'Проверено действующих правил' }) ruleCount!: number;
  @ApiProperty({ description: 'Сгенерировано и сверено занятий' }) checkedLessonCount!: number;
  @ApiProperty({ description: 'Всего проблем (список ограничен)' }) problemCount!: number;
  @ApiProperty({ description: 'Неразмещённых слотов (занятий черновика без дня, пары и аудитории); каждый — проблема UNPLACED' })
  unplacedSlotCount!: number;
  @ApiProperty({
    description:
      'Прошедших занятий, которые изменит публикация черновика (проблемы PAST_LESSONS по правилам; публикацию не запрещают, но делают valid ложным)',
  })
  pastLessonCount!: number;
  @ApiProperty() problemsTruncated!: boolean;
  @ApiProperty({ type: [VersionProblem], description: 'Сначала проблемы ссылок и часов по id правила, затем конфликты по дате' })
  problems!: VersionProblem[];
}
