import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { TenantMiddleware } from '../platform/tenancy/tenant.middleware';
import { ScheduleCoreModule } from '../schedule/core';
import { CalendarFeedsController, IcalFeedController } from './calendar-feeds.controller';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { CalendarFeedsService } from './calendar-feeds.service';
import { FeedDocumentsService } from './feed-documents.service';
import { TimetableTargets } from './timetable-targets';

/**
 * Calendar feeds (issue 16): subscriptions under /api/calendar-feeds and their iCalendar documents at
 * /ical/<secret>.ics, built from the schedule core's actual lessons. The documents live outside /api,
 * so this module binds the tenant (by Host, as everywhere) to its own path.
 */
@Module({
  imports: [ScheduleCoreModule],
  controllers: [CalendarFeedsController, IcalFeedController],
  providers: [CalendarFeedsRepository, CalendarFeedsService, FeedDocumentsService, TimetableTargets],
  exports: [TimetableTargets],
})
export class CalendarFeedsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(TenantMiddleware).forRoutes('ical/*path');
  }
}
