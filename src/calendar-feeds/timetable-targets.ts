import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { BadRequestError, ForbiddenError, NotFoundError } from '../platform/http/app-error';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { FEED_MESSAGES, FeedKind } from './feed-rules';

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
 * Which timetable a subscription may follow (calendar feeds and change notifications alike): the
 * viewing rule, so every role may follow any group, teacher or classroom that exists and is not
 * archived; "my lessons" is a teacher's own timetable.
 */
@Injectable()
export class TimetableTargets {
  constructor(private readonly feeds: CalendarFeedsRepository) {}

  /** The id the subscription follows, after the role and existence checks (403, 404, 400). */
  async check(caller: AuthUser, kind: FeedKind, targetId: number | null | undefined): Promise<number> {
    if (kind === 'MY_LESSONS') {
      if (caller.role !== 'TEACHER') throw new ForbiddenError(FEED_MESSAGES.myLessonsForTeachers);
      return caller.userId;
    }
    if (targetId === undefined || targetId === null) throw new BadRequestError(FEED_MESSAGES.targetRequired).at('targetId');
    const target = await this.feeds.target(kind, targetId);
    if (!target) throw new NotFoundError(NOT_FOUND[kind]);
    if (target.archived) throw new BadRequestError(ARCHIVED[kind]).at('targetId');
    return targetId;
  }
}
