import { ApiProperty } from '@nestjs/swagger';

/**
 * What the office locked in a version for the solver (issue 54 §1), as the locks endpoint answers it
 * and as a job records the locks of its source. Declared here because two features show it.
 */
export class VersionLocksDto {
  @ApiProperty({ type: [Number], description: 'Закреплённые правила версии' }) ruleIds!: number[];
  @ApiProperty({ type: [Number], description: 'Группы: закреплены все их правила' }) groupIds!: number[];
  @ApiProperty({ type: [Number], description: 'Преподаватели: закреплены все правила со слотами этого преподавателя' }) teacherIds!: number[];
  @ApiProperty({ type: [Number], description: 'Аудитории: закреплены все правила со слотами в этой аудитории' }) classroomIds!: number[];
  @ApiProperty({ type: [Number], description: 'Кафедры: закреплены все правила групп кафедры' }) departmentIds!: number[];
  @ApiProperty({ type: [Number], description: 'Все действующие правила версии, которые держат эти закрепления (расчёт их не двигает)' }) heldRuleIds!: number[];
}
