import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IdField, OneOfField } from '../../platform/http/validators';
import { FEED_KINDS, FeedKind } from '../feed-rules';

/** POST /api/calendar-feeds. */
export class CalendarFeedRequest {
  @ApiProperty({ enum: FEED_KINDS, description: 'GROUP, TEACHER, CLASSROOM — чьё расписание; MY_LESSONS — свои занятия преподавателя' })
  @OneOfField(FEED_KINDS)
  kind!: FeedKind;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Группа, преподаватель или аудитория; для MY_LESSONS не указывается (игнорируется)' })
  @IdField({ optional: true })
  targetId?: number | null;
}

/** A subscription as the owner sees it (the secret is never stored, so it is shown only once, on creation). */
export class CalendarFeedResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: FEED_KINDS }) kind!: FeedKind;
  @ApiProperty({ description: 'Группа, преподаватель (для MY_LESSONS — сам владелец) или аудитория' }) targetId!: number;
  @ApiProperty({ description: 'Название группы, ФИО преподавателя или название аудитории' }) targetName!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Когда подписка отозвана' }) revokedAt!: string | null;
}

/** The answer to a creation: the subscription and its address, shown only this once. */
export class CreatedCalendarFeedResponse extends CalendarFeedResponse {
  @ApiProperty({
    example: 'https://alpha.timetable.example.org/ical/6h9Qb…Zk.ics',
    description: 'Адрес календаря (iCalendar) для подписки в приложении календаря, на публичном адресе университета (PUBLIC_URL); без токена, сохраните его — повторно он не показывается',
  })
  url!: string;
}
