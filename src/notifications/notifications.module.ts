import { Module } from '@nestjs/common';
import { CalendarFeedsModule } from '../calendar-feeds';
import { ScheduleCoreModule } from '../schedule/core';
import { UsersModule } from '../users';
import { NotificationDispatcher } from './delivery/dispatcher';
import { PublicationLessons } from './delivery/publication-lessons';
import { MailSender } from './delivery/mail-sender';
import { NotificationWorker } from './delivery/notification-worker';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { SubscriptionsRepository } from './subscriptions.repository';
import { WebhookAddresses } from './webhooks/webhook-addresses';
import { WebhookSender } from './webhooks/webhook-sender';
import { WebhooksController, WebhooksService } from './webhooks/webhooks.controller';
import { WebhooksRepository } from './webhooks/webhooks.repository';

/**
 * Change notifications (issue 26): subscriptions, the in-app inbox, and the background delivery of the
 * outbox's `lesson.changed` events by e-mail and on the page.
 */
@Module({
  imports: [CalendarFeedsModule, ScheduleCoreModule, UsersModule],
  controllers: [NotificationsController, WebhooksController],
  providers: [NotificationsService, SubscriptionsRepository, NotificationDispatcher, PublicationLessons, MailSender, WebhooksRepository, WebhooksService, WebhookAddresses, WebhookSender, NotificationWorker],
  exports: [NotificationWorker],
})
export class NotificationsModule {}
