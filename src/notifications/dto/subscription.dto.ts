import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { BooleanField, IdField, IntField, OneOfField } from '../../platform/http/validators';

export const SUBSCRIPTION_KINDS = ['GROUP', 'TEACHER', 'CLASSROOM', 'MY_LESSONS'] as const;
export const CHANNELS = ['EMAIL', 'IN_APP'] as const;
export const MODES = ['IMMEDIATE', 'DAILY_DIGEST'] as const;

export class SubscriptionRequest {
  @ApiProperty({ enum: SUBSCRIPTION_KINDS, description: 'Чьё расписание: группа, преподаватель, аудитория или свои занятия (преподаватель)' })
  @OneOfField(SUBSCRIPTION_KINDS)
  kind!: (typeof SUBSCRIPTION_KINDS)[number];

  @ApiPropertyOptional({ description: 'Группа, преподаватель или аудитория; для MY_LESSONS не нужен' })
  @IdField({ optional: true })
  targetId?: number | null;

  @ApiProperty({ enum: CHANNELS, description: 'EMAIL — письмо (нужен адрес: PUT /api/auth/me/email), IN_APP — на странице' })
  @OneOfField(CHANNELS)
  channel!: (typeof CHANNELS)[number];

  @ApiProperty({ enum: MODES, description: 'Сразу или одной сводкой в день' })
  @OneOfField(MODES)
  mode!: (typeof MODES)[number];

  @ApiPropertyOptional({ type: String, nullable: true, example: '07:30', description: 'Время сводки по часовому поясу университета (ЧЧ:ММ), только для DAILY_DIGEST' })
  @IsOptional()
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Поле «digestTime» должно быть временем в формате ЧЧ:ММ, например 07:30' })
  digestTime?: string | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 120, default: 14, description: 'Только изменения занятий ближайших N дней' })
  @IntField({ optional: true, min: 1, max: 120 })
  horizonDays?: number | null;
}

export class SubscriptionResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: SUBSCRIPTION_KINDS }) kind!: string;
  @ApiProperty() targetId!: number;
  @ApiProperty({ description: 'Название группы, ФИО преподавателя или аудитория' }) targetName!: string;
  @ApiProperty({ enum: CHANNELS }) channel!: string;
  @ApiProperty({ enum: MODES }) mode!: string;
  @ApiProperty({ type: String, nullable: true }) digestTime!: string | null;
  @ApiProperty() horizonDays!: number;
  @ApiProperty() createdAt!: string;
}

export class NotificationResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'lesson.changed' }) eventType!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Строки текста: занятие, было, стало' }) body!: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) readAt!: string | null;
}

/** The spec's page of a user's notifications, newest first, with how many are unread. */
export class NotificationPage {
  @ApiProperty({ type: [NotificationResponse] }) items!: NotificationResponse[];
  @ApiProperty() page!: number;
  @ApiProperty() size!: number;
  @ApiProperty() totalItems!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() first!: boolean;
  @ApiProperty() last!: boolean;
  @ApiProperty({ description: 'Непрочитанных уведомлений всего' }) unreadCount!: number;
}

/**
 * Whether the user hears of changes to their own lessons without subscribing (issue 45 §3): a
 * teacher of the lessons they teach or are given as a substitute, a student of their group's. On by
 * default; subscriptions to other timetables are not affected.
 */
export class NotificationSettingsRequest {
  @ApiProperty({ description: 'Изменения моих занятий — на странице («Уведомления»)' })
  @BooleanField()
  ownLessonsInApp!: boolean;

  @ApiProperty({ description: 'Изменения моих занятий — письмом (если указан адрес)' })
  @BooleanField()
  ownLessonsEmail!: boolean;
}

export class NotificationSettingsResponse extends NotificationSettingsRequest {
  @ApiProperty({ description: 'Есть ли у пользователя адрес для писем (PUT /api/auth/me/email)' }) hasEmail!: boolean;
}
