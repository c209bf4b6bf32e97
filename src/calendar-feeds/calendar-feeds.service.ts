import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/app-config';
import { AuthUser } from '../platform/auth/auth-user';
import { TenantDb } from '../platform/database/tenant-db';
import { ConflictError, NotFoundError } from '../platform/http/app-error';
import { publicOrigin } from '../platform/http/public-address';
import { currentTenant } from '../platform/tenancy/tenant-context';
import { CalendarFeedRequest, CalendarFeedResponse, CreatedCalendarFeedResponse } from './dto/calendar-feed.dto';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { TimetableTargets } from './timetable-targets';
import { FEED_MESSAGES, MAX_ACTIVE_FEEDS } from './feed-rules';
import { feedSecretHash, newFeedSecret } from './feed-secret';

/**
 * A user's calendar subscriptions. Who may follow what is the viewing rule (every role views every
 * group's, teacher's and classroom's timetable); "my lessons" is a teacher's own. A feed belongs to
 * its creator: only they list and revoke it.
 */
@Injectable()
export class CalendarFeedsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly feeds: CalendarFeedsRepository,
    private readonly targets: TimetableTargets,
    private readonly db: TenantDb,
  ) {}

  /** Creates a feed; its address is on the university's public address (PUBLIC_URL), never the request's Host. */
  async create(caller: AuthUser, body: CalendarFeedRequest): Promise<CreatedCalendarFeedResponse> {
    const targetId = await this.targets.check(caller, body.kind, body.targetId);
    const secret = newFeedSecret();
    const id = await this.db.transaction(async () => {
      if ((await this.feeds.lockAndCountActive(caller.userId)) >= MAX_ACTIVE_FEEDS) throw new ConflictError(FEED_MESSAGES.tooMany);
      return this.feeds.insert(caller.userId, body.kind, targetId, feedSecretHash(secret));
    });
    const feed = (await this.feeds.findOwn(caller.userId, id)) as CalendarFeedResponse;
    return { ...feed, url: `${publicOrigin(this.config, currentTenant().tenantKey)}/ical/${secret}.ics` };
  }

  list(caller: AuthUser): Promise<CalendarFeedResponse[]> {
    return this.feeds.listActive(caller.userId);
  }

  /** Revokes an own feed at once (its address answers 404 from then on); revoking again is a harmless 200. */
  async revoke(caller: AuthUser, id: number): Promise<CalendarFeedResponse> {
    await this.feeds.revoke(caller.userId, id);
    const feed = await this.feeds.findOwn(caller.userId, id);
    if (!feed) throw new NotFoundError(FEED_MESSAGES.notFound);
    return feed;
  }
}
