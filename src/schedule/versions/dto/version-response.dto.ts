import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AffectedRequestResponse } from '../../core';
import { UnmatchedOverrideResponse } from './version-validation.dto';

export const VERSION_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export const VERSION_EVENT_TYPES = ['CREATE', 'PUBLISH', 'ARCHIVE', 'RESTORE'] as const;
export type VersionEventType = (typeof VERSION_EVENT_TYPES)[number];

export class VersionResponse {
  @ApiProperty() id!: number;
  @ApiProperty() semesterId!: number;
  @ApiProperty({ description: 'Номер версии в семестре, с 1' }) versionNumber!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: VERSION_STATUSES }) status!: VersionStatus;
  @ApiProperty({ description: 'Общий у версии и её копий' }) versionGroupId!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Версия, с которой снята копия' }) basedOnVersionId!: number | null;
  @ApiProperty({ description: 'Число действующих (не архивных) правил' }) ruleCount!: number;
  @ApiProperty({ nullable: true, type: Number }) createdById!: number | null;
  @ApiProperty({ nullable: true, type: String }) createdByName!: string | null;
  @ApiProperty({ example: '2026-09-01T10:00:00.000Z' }) createdAt!: Date;
  @ApiProperty({ nullable: true, type: Date, description: 'Последняя публикация или восстановление' }) publishedAt!: Date | null;
  @ApiProperty({ nullable: true, type: Number }) publishedById!: number | null;
  @ApiProperty({ nullable: true, type: String }) publishedByName!: string | null;
  @ApiProperty({ nullable: true, type: Date }) archivedAt!: Date | null;
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date',
    description:
      'Черновик — результат расчёта расписания с даты (fromDate): занятия до неё в нём не менялись, и публикация без effectiveFrom действует с неё (не раньше завтрашнего дня). null у остальных версий',
  })
  solverFromDate!: string | null;
}

export class VersionEventResponse {
  @ApiProperty() id!: number;
  @ApiProperty() semesterId!: number;
  @ApiProperty() versionId!: number;
  @ApiProperty() versionNumber!: number;
  @ApiProperty() versionName!: string;
  @ApiProperty({ enum: VERSION_EVENT_TYPES }) eventType!: VersionEventType;
  @ApiProperty({ nullable: true, type: String, description: 'Причина публикации или восстановления (у архивации — та же)' }) reason!: string | null;
  @ApiProperty({ nullable: true, type: Number }) actorId!: number | null;
  @ApiProperty({ nullable: true, type: String }) actorName!: string | null;
  @ApiProperty({ example: '2026-09-01T10:00:00.000Z' }) createdAt!: Date;
}

/** A publication's answer: the version, and from a date the requests and absence decisions it re-checked (issue 53). */
export class PublishedVersionResponse extends VersionResponse {
  @ApiPropertyOptional({
    type: [AffectedRequestResponse],
    description:
      'Только при публикации с effectiveFrom и только если такие были: заявки преподавателей и решения по отсутствиям на занятия с этой даты — ' +
      'перенесены за занятием (FOLLOWED), отклонены (REJECTED) или сняты (REOPENED)',
  })
  affectedRequests?: AffectedRequestResponse[];
  @ApiPropertyOptional({
    type: [UnmatchedOverrideResponse],
    description: 'Замены (REPLACE) с effectiveFrom, которые размещение черновика сделало пустыми: удалены, не перенесены; нет поля — таких нет',
  })
  redundantOverrides?: UnmatchedOverrideResponse[];
}
