import { ApiProperty } from '@nestjs/swagger';

/**
 * What a change of the timetable from a date did to the records waiting on its lessons (issue 53): a
 * teacher's change request still to be reviewed, an absence's decision about a lesson. Declared here
 * because the answers of several features list them (a rule's write, a publication, the archive of a
 * group, subject, teacher or room); the schedule core re-checks them.
 */
export type PendingKind = 'CHANGE_REQUEST' | 'ABSENCE_DECISION';

/**
 * FOLLOWED: the lesson goes on (same date, pair, type and teacher) on another row, and the record now
 * names that row. REJECTED: a change request whose lesson is gone, rejected with the reason. REOPENED:
 * an absence's decision about a lesson that is gone, removed so the lesson is decided again.
 */
export type PendingOutcome = 'FOLLOWED' | 'REJECTED' | 'REOPENED';

/** One record a change from a date re-checked, as a write's answer (and its 409, and the preview) lists it. */
export class AffectedRequestResponse {
  @ApiProperty({ enum: ['CHANGE_REQUEST', 'ABSENCE_DECISION'], description: 'Заявка преподавателя или решение по занятию в отсутствии' })
  kind!: PendingKind;
  @ApiProperty({ description: 'Номер заявки или решения по отсутствию' }) id!: number;
  @ApiProperty({ format: 'date' }) lessonDate!: string;
  @ApiProperty() teacherName!: string;
  @ApiProperty() subjectName!: string;
  @ApiProperty({
    enum: ['FOLLOWED', 'REJECTED', 'REOPENED'],
    description: 'FOLLOWED — занятие осталось, запись следует за ним; REJECTED — заявка отклонена; REOPENED — решение снято, занятие решается заново',
  })
  outcome!: PendingOutcome;
  @ApiProperty({ description: 'Почему' }) reason!: string;
}

/** `{affectedRequests}` when some record was re-checked, else nothing: a spec client's answer stays as it was. */
export const affectedRequestsField = (affected: readonly AffectedRequestResponse[]): { affectedRequests?: AffectedRequestResponse[] } =>
  affected.length > 0 ? { affectedRequests: [...affected] } : {};
