import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AffectedRequestResponse } from './affected-requests';
import { CalendarDateField } from './http/validators';

/**
 * What archiving a group, subject, teacher or room does to the schedule rules that use it (issue 53):
 * they end from a date, their past kept. The records' modules (study structure, resources, users)
 * archive through this port and the schedule's rules bind it, so neither imports the other.
 */
export type ArchivedKind = 'GROUP' | 'SUBJECT' | 'TEACHER' | 'CLASSROOM';

export interface ArchivedRecord {
  kind: ArchivedKind;
  id: number;
}

export class EndingOverrideResponse {
  @ApiProperty() overrideId!: number;
  @ApiProperty({ description: 'CANCEL, RESCHEDULE или REPLACE' }) action!: string;
  @ApiProperty({ format: 'date' }) lessonDate!: string;
}

/** One rule that ends (or loses the slots using the record) from `endsFrom`. */
export class RuleEndingResponse {
  @ApiProperty() ruleId!: number;
  @ApiProperty() scheduleVersionId!: number;
  @ApiProperty() versionName!: string;
  @ApiProperty({ enum: ['PUBLISHED', 'DRAFT'] }) versionStatus!: 'PUBLISHED' | 'DRAFT';
  @ApiProperty() semesterId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty({ type: [String] }) groupNames!: string[];
  @ApiProperty({ format: 'date', description: 'Первый день без занятий правила (или его слотов); до него всё как было' })
  endsFrom!: string;
  @ApiProperty({ enum: ['RULE', 'SLOTS'], description: 'RULE — правило завершается; SLOTS — завершаются только его слоты с этим преподавателем или аудиторией' })
  scope!: 'RULE' | 'SLOTS';
  @ApiProperty({ type: [Number], description: 'Завершаемые слоты (при scope=SLOTS); часы правила уменьшаются на их занятия с endsFrom' })
  slotIds!: number[];
  @ApiProperty({ description: 'Занятий с endsFrom, которых больше не будет' }) lessonsEnded!: number;
  @ApiProperty({ type: [EndingOverrideResponse], description: 'Разовые изменения этих занятий с endsFrom: удаляются вместе с ними' })
  droppedOverrides!: EndingOverrideResponse[];
  @ApiPropertyOptional({
    type: [AffectedRequestResponse],
    description: 'Только в опубликованной версии и только если такие есть: заявки преподавателей и решения по отсутствиям на эти занятия с endsFrom — отклоняются (снимаются) или следуют за занятием',
  })
  affectedRequests?: AffectedRequestResponse[];
}

export class RuleEndingsResponse {
  @ApiProperty({ type: [RuleEndingResponse] }) endedRules!: RuleEndingResponse[];
}

/** What an archive adds to the record it answers: present only when rules ended (the spec's answer otherwise). */
export class EndedRulesField {
  @ApiPropertyOptional({ type: [RuleEndingResponse], description: 'Правила расписания, завершённые архивированием (только если такие были)' })
  endedRules?: RuleEndingResponse[];
}

/** `{endedRules}` when some rule ended, else nothing: a spec client's answer stays as the spec shows it. */
export const endedRulesField = (endedRules: RuleEndingResponse[]): EndedRulesField => (endedRules.length > 0 ? { endedRules } : {});

/** `?effectiveFrom=` of an archive (and of its preview): the first day without the record's lessons. */
export class ArchiveFromQuery {
  @ApiPropertyOptional({
    format: 'date',
    description:
      'С какого дня (время университета) правила, использующие запись, завершаются; по умолчанию — завтра в идущем семестре ' +
      '(первый день ещё не начавшегося семестра). Прошедшие занятия остаются.',
  })
  @CalendarDateField({ optional: true })
  effectiveFrom?: string;
}

/** The port: the rules a record's archive ends (`preview` writes nothing), and their ending. */
export abstract class RulesOfArchived {
  abstract preview(record: ArchivedRecord, effectiveFrom?: string): Promise<RuleEndingResponse[]>;
  abstract end(record: ArchivedRecord, effectiveFrom?: string): Promise<RuleEndingResponse[]>;
}
