import { Inject, Injectable } from '@nestjs/common';
import { TimetableTargets } from '../calendar-feeds';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/app-config';
import { AuthUser } from '../platform/auth/auth-user';
import { BadRequestError, NotFoundError } from '../platform/http/app-error';
import { toPage } from '../platform/http/paging';
import { currentTenant } from '../platform/tenancy/tenant-context';
import { NotificationPage, NotificationResponse, NotificationSettingsRequest, NotificationSettingsResponse, SubscriptionRequest, SubscriptionResponse } from './dto/subscription.dto';
import { SubscriptionsRepository } from './subscriptions.repository';
import { subscriptionOfToken, userOfOwnLessonsToken } from './unsubscribe-token';

export const SUBSCRIPTION_NOT_FOUND = 'Подписка на уведомления не найдена';
const UNSUBSCRIBED_ALREADY = 'Подписка не найдена: возможно, вы уже отписались';
const DEFAULT_HORIZON_DAYS = 14;
/** What the unsubscribe page names when the link was an own-lessons message's. */
export const OWN_LESSONS_TARGET = 'мои занятия';

/** A user's change-notification subscriptions and in-app notifications (spec issue 26). */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly targets: TimetableTargets,
  ) {}

  async subscribe(caller: AuthUser, body: SubscriptionRequest): Promise<SubscriptionResponse> {
    const digest = body.mode === 'DAILY_DIGEST';
    if (digest && !body.digestTime) throw new BadRequestError('Для ежедневной сводки укажите «digestTime» — время по часовому поясу университета, например 07:30').at('digestTime');
    if (!digest && body.digestTime) throw new BadRequestError('Поле «digestTime» задаётся только для режима DAILY_DIGEST').at('digestTime');
    const targetId = await this.targets.check(caller, body.kind, body.targetId);
    const id = await this.subscriptions.create({
      userId: caller.userId,
      kind: body.kind,
      targetId,
      channel: body.channel,
      mode: body.mode,
      digestTime: body.digestTime ?? null,
      horizonDays: body.horizonDays ?? DEFAULT_HORIZON_DAYS,
    });
    return (await this.subscriptions.own(caller.userId, id))[0];
  }

  list(caller: AuthUser): Promise<SubscriptionResponse[]> {
    return this.subscriptions.own(caller.userId);
  }

  async unsubscribe(caller: AuthUser, id: number): Promise<SubscriptionResponse> {
    const deleted = await this.subscriptions.delete(id, caller.userId);
    if (!deleted) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND);
    return deleted;
  }

  /** The tenant's database id the links are signed with. */
  private linkKey(): [string, string] {
    const tenant = currentTenant();
    return [this.config.jwt.secret as string, tenant.databaseId ?? tenant.tenantKey];
  }

  /**
   * Checks an unsubscribe link before its page offers the button: 404 for a token not ours, a
   * subscription gone (used or deleted), or own-lesson e-mails already off.
   */
  async subscriptionOfLink(token: string): Promise<void> {
    const ownUser = userOfOwnLessonsToken(...this.linkKey(), token);
    if (ownUser !== undefined) {
      if (!(await this.subscriptions.ownLessonEmailsOn(ownUser))) throw new NotFoundError(UNSUBSCRIBED_ALREADY);
      return;
    }
    const id = subscriptionOfToken(...this.linkKey(), token);
    if (id === undefined || !(await this.subscriptions.exists(id))) throw new NotFoundError(UNSUBSCRIBED_ALREADY);
  }

  /**
   * The unsubscribe link of an e-mail: no login, the signed token is the permission. A subscription's
   * link deletes it; an own-lessons message's link turns those e-mails off (the page ones stay).
   * Answers what the user no longer hears of.
   */
  async unsubscribeByToken(token: string): Promise<{ targetName: string; ownLessons?: true }> {
    const ownUser = userOfOwnLessonsToken(...this.linkKey(), token);
    if (ownUser !== undefined) {
      if (!(await this.subscriptions.stopOwnLessonEmails(ownUser))) throw new NotFoundError(UNSUBSCRIBED_ALREADY);
      return { targetName: OWN_LESSONS_TARGET, ownLessons: true };
    }
    const id = subscriptionOfToken(...this.linkKey(), token);
    if (id === undefined) throw new NotFoundError(UNSUBSCRIBED_ALREADY);
    const deleted = await this.subscriptions.delete(id);
    if (!deleted) throw new NotFoundError(UNSUBSCRIBED_ALREADY);
    return deleted;
  }

  settings(caller: AuthUser): Promise<NotificationSettingsResponse> {
    return this.subscriptions.settings(caller.userId);
  }

  async saveSettings(caller: AuthUser, body: NotificationSettingsRequest): Promise<NotificationSettingsResponse> {
    await this.subscriptions.saveSettings(caller.userId, { ownLessonsInApp: body.ownLessonsInApp, ownLessonsEmail: body.ownLessonsEmail });
    return this.subscriptions.settings(caller.userId);
  }

  async inbox(caller: AuthUser, page: number, size: number): Promise<NotificationPage> {
    const { items, total, unread } = await this.subscriptions.inbox(caller.userId, page, size);
    return { ...toPage(items, total, page, size), unreadCount: unread };
  }

  async markRead(caller: AuthUser, id: number): Promise<NotificationResponse> {
    const read = await this.subscriptions.markRead(caller.userId, id);
    if (!read) throw new NotFoundError('Уведомление не найдено');
    return read;
  }
}
