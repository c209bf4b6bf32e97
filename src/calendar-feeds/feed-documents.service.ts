import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { currentTenant } from '../platform/tenancy/tenant-context';
import { etagOf } from '../platform/http/conditional';
import { businessTimeZone, clock, todayInBusinessZone } from '../platform/http/dates';
import { NotFoundError } from '../platform/http/app-error';
import { ActualLessons, LessonSelection, ScheduleReads } from '../schedule/core';
import { addDays } from '../schedule-engine/dates';
import { byDateAndTime } from '../schedule-engine/override-application';
import { CalendarFeedsRepository, LiveFeed } from './calendar-feeds.repository';
import { lessonEvent, LessonOfFeed, RevisionBook } from './feed-events';
import { FEED_DOCUMENT_NOT_FOUND, FeedKind } from './feed-rules';
import { feedSecretHash, isFeedSecret } from './feed-secret';
import { FEED_PAST_DAYS, feedWindow } from './feed-window';
import { icalDocument } from './ical-document';

/** A feed ready to answer: its ETag, and the document made only when the client's copy is stale. */
export interface FeedAnswer {
  etag: string;
  document: () => Promise<Buffer>;
}

/** Documents kept per tenant database: a group's students subscribe to the same timetable. */
const DOCUMENTS_PER_TENANT = 500;

const TITLES: Record<FeedKind, string> = {
  GROUP: 'Расписание группы',
  TEACHER: 'Расписание преподавателя',
  CLASSROOM: 'Расписание аудитории',
  MY_LESSONS: 'Мои занятия',
};

/**
 * The feed documents (GET /ical/<secret>.ics). The ETag is made of the feed, the schedule data stamp
 * and today's date (the window moves daily), so a revalidation costs one query; the document is the
 * actual lessons of the window (the core's ActualLessons, cancelled ones included) with their names
 * and revisions. A document is made once per timetable (kind and target), data stamp and day, and
 * shared by every feed of that timetable (concurrent requests share one build).
 */
@Injectable()
export class FeedDocumentsService {
  private readonly documents = new WeakMap<DataSource, Map<string, Promise<Buffer>>>();

  constructor(
    private readonly feeds: CalendarFeedsRepository,
    private readonly lessons: ActualLessons,
    private readonly data: ScheduleReads,
  ) {}

  async open(secret: string): Promise<FeedAnswer> {
    const feed = isFeedSecret(secret) ? await this.feeds.live(feedSecretHash(secret)) : undefined;
    if (!feed) throw new NotFoundError(FEED_DOCUMENT_NOT_FOUND);
    const today = todayInBusinessZone();
    // The zone is part of the answer: a university moved to another zone gets new event times at once.
    const timeZone = businessTimeZone();
    return {
      etag: etagOf('feed', currentTenant().tenantKey, feed.id, feed.stamp, today, timeZone),
      document: () => this.shared(feed, today),
    };
  }

  /** The document of the feed's timetable for its stamp and today, made once and kept (least recently used go first). */
  private shared(feed: LiveFeed, today: string): Promise<Buffer> {
    const { dataSource } = currentTenant();
    let cache = this.documents.get(dataSource);
    if (!cache) this.documents.set(dataSource, (cache = new Map<string, Promise<Buffer>>()));
    const key = `${feed.kind}:${feed.targetId}:${feed.stamp}:${today}:${businessTimeZone()}`;
    let document = cache.get(key);
    if (document) {
      cache.delete(key);
    } else {
      const made = this.document(feed, today).then((text) => Buffer.from(text, 'utf8'));
      made.catch(() => cache.get(key) === made && cache.delete(key));
      document = made;
    }
    cache.set(key, document);
    if (cache.size > DOCUMENTS_PER_TENANT) cache.delete(cache.keys().next().value as string);
    return document;
  }

  private async document(feed: LiveFeed, today: string): Promise<string> {
    // The window's semesters load side by side (each a few queries on its own pool connection).
    const coming = await this.data.semestersOverlapping(addDays(today, -FEED_PAST_DAYS), '9999-12-31');
    const window = feedWindow(today, coming);
    const selection = { ...window, ...selectionOf(feed), withCancelled: true };
    const inWindow = coming.filter((semester) => semester.publishedVersionId !== null && semester.startDate <= window.endDate);
    const loaded = await Promise.all(inWindow.map((semester) => this.lessons.ofSemester(semester.id, selection)));
    const semesters = loaded.filter((semester) => semester !== undefined);
    const items: LessonOfFeed[] = semesters
      .flatMap((semester) => [
        ...semester.lessons.map((lesson) => ({ lesson, cancelled: false })),
        ...(semester.cancelled ?? []).map((lesson) => ({ lesson, cancelled: true })),
      ])
      .sort((a, b) => byDateAndTime(a.lesson, b.lesson));
    const lessons = items.map((item) => item.lesson);
    const [names, revisions] = await Promise.all([
      this.data.names({
        teacherIds: unique(lessons.flatMap((lesson) => [lesson.teacherId, lesson.slot.teacherId])),
        classroomIds: unique(lessons.flatMap((lesson) => [lesson.classroomId, lesson.slot.classroomId])),
        groupIds: unique(lessons.flatMap((lesson) => lesson.rule.groupIds)),
        subgroupIds: unique(lessons.flatMap((lesson) => lesson.slot.subgroups.map((subgroup) => subgroup.id))),
      }),
      this.feeds.revisions(unique(lessons.map((lesson) => lesson.slotId))),
    ]);
    const book: RevisionBook = {
      lesson: (slotId, date) => revisions.lessons.get(`${slotId}:${date}`),
      slot: (slotId) => revisions.slots.get(slotId),
    };
    const { tenantKey } = currentTenant();
    const timeZone = businessTimeZone();
    const events = items.map((item) => lessonEvent(tenantKey, timeZone, item, names, book));
    return icalDocument(`${TITLES[feed.kind]}: ${feed.targetName}`, events, clock.now(), timeZone);
  }
}

function selectionOf(feed: LiveFeed): LessonSelection {
  switch (feed.kind) {
    case 'GROUP':
      return { groupIds: [feed.targetId] };
    case 'CLASSROOM':
      return { classroomIds: [feed.targetId] };
    case 'TEACHER':
    case 'MY_LESSONS':
      return { teacherIds: [feed.targetId] };
  }
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}
