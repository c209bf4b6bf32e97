import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { TenantDb } from '../platform/database/tenant-db';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../platform/http/app-error';
import { CalendarFeedRequest, CalendarFeedResponse, CreatedCalendarFeedResponse } from './dto/calendar-feed.dto';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { FEED_MESSAGES, FeedKind, MAX_ACTIVE_FEEDS } from './feed-rules';
import { feedSecretHash, newFeedSecret } from './feed-secret';

const NOT_FOUND: Record<Exclude<FeedKind, 'MY_LESSONS'>, string> = {
  GROUP: FEED_MESSAGES.groupNotFound,
  TEACHER: FEED_MESSAGES.teacherNotFound,
  CLASSROOM: FEED_MESSAGES.classroomNotFound,
};
const ARCHIVED: Record<Exclude<FeedKind, 'MY_LESSONS'>, string> = {
  GROUP: FEED_MESSAGES.groupArchived,
  TEACHER: FEED_MESSAGES.teacherArchived,
  CLASSROOM: FEED_MESSAGES.classroomArchived,
};

/**
 * A user's calendar subscriptions. Who may follow what is the viewing rule (every role views every
 * group's, teacher's and classroom's timetable); "my lessons" is a teacher's own. A feed belongs to
 * its creator: only they list and revoke it.
 */
@Injectable()
export class CalendarFeedsService {
  constructor(
    private readonly feeds: CalendarFeedsRepository,
    private readonly db: TenantDb,
  ) {}

  /** Creates a feed; `origin` (scheme and host of the request) makes its address. */
  async create(caller: AuthUser, body: CalendarFeedRequest, origin: string): Promise<CreatedCalendarFeedResponse> {
    const targetId = await this.checkedTarget(caller, body);
    const secret = newFeedSecret();
    const id = await this.db.transaction(async () => {
      if ((await this.feeds.lockAndCountActive(caller.userId)) >= MAX_ACTIVE_FEEDS) throw new ConflictError(FEED_MESSAGES.tooMany);
      return this.feeds.insert(caller.userId, body.kind, targetId, feedSecretHash(secret));
    });
    const feed = (await this.feeds.findOwn(caller.userId, id)) as CalendarFeedResponse;
    return { ...feed, url: `${origin}/ical/${secret}.ics` };
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

  /** The id the feed follows, after the role and existence checks. */
  private async checkedTarget(caller: AuthUser, body: CalendarFeedRequest): Promise<number> {
    if (body.kind === 'MY_LESSONS') {
      if (caller.role !== 'TEACHER') throw new ForbiddenError(FEED_MESSAGES.myLessonsForTeachers);
      return caller.userId;
    }
    if (body.targetId === undefined || body.targetId === null) throw new BadRequestError(FEED_MESSAGES.targetRequired);
    const target = await this.feeds.target(body.kind, body.targetId);
    if (!target) throw new NotFoundError(NOT_FOUND[body.kind]);
    if (target.archived) throw new BadRequestError(ARCHIVED[body.kind]);
    return body.targetId;
  }
}
