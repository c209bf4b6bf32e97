import { Module } from '@nestjs/common';
import { ScheduleCoreModule } from '../schedule/core';
import { CalendarFeedsController, IcalFeedController } from './calendar-feeds.controller';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { CalendarFeedsService } from './calendar-feeds.service';
import { FeedDocumentsService } from './feed-documents.service';
import { TimetableTargets } from './timetable-targets';

/**
 * Calendar feeds (issue 16): subscriptions under /api/calendar-feeds and their iCalendar documents at
 * /ical/<secret>.ics, built from the schedule core's actual lessons. The documents live outside /api;
 * the request edge binds their tenant (by Host, as everywhere) too (platform/tenancy/tenant-routing.ts).
 */
@Module({
  imports: [ScheduleCoreModule],
  controllers: [CalendarFeedsController, IcalFeedController],
  providers: [CalendarFeedsRepository, CalendarFeedsService, FeedDocumentsService, TimetableTargets],
  exports: [TimetableTargets],
})
export class CalendarFeedsModule {}
