import { Injectable, Module } from '@nestjs/common';
import { Outbox, ReviewEvent } from '../platform/outbox/outbox';
import { formatDate } from '../schedule-engine/dates';
import { PendingChangeRequests, PendingLesson, SettledLesson } from '../schedule/core';
import { ChangeRequestsRepository } from './change-requests.repository';

/**
 * The schedule core's `PendingChangeRequests` port (issue 53): when the timetable changes from a date,
 * a waiting request whose lesson goes on follows it to its new row; one whose lesson is gone is
 * rejected with the reason, in the change's transaction, and its teacher is told as after an
 * office's rejection (the same `change-request.reviewed` notification).
 */
@Injectable()
export class WaitingChangeRequests extends PendingChangeRequests {
  constructor(
    private readonly requests: ChangeRequestsRepository,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  async waiting(slotIds: readonly number[], from: string): Promise<PendingLesson[]> {
    const rows = await this.requests.waitingOn(slotIds, from);
    return rows.map((row) => ({ kind: 'CHANGE_REQUEST', ...row }));
  }

  async settle(settled: readonly SettledLesson[], from: string): Promise<void> {
    await this.requests.repoint(
      settled.flatMap((item) =>
        item.outcome === 'FOLLOWED' ? [{ id: item.id, slotId: item.slotId as number, versionId: item.versionId as number, classroomId: item.classroomId as number }] : [],
      ),
    );
    for (const item of settled) {
      if (item.outcome !== 'REJECTED') continue;
      const comment = rejectionComment(item.reason, from);
      await this.requests.rejectBySchedule(item.id, comment);
      const event: ReviewEvent = {
        teacherId: item.teacherId,
        requestId: item.id,
        decision: 'REJECTED',
        title: `Заявка №${item.id} на перенос занятия ${formatDate(item.lessonDate)} отклонена: расписание изменилось`,
        comment,
      };
      await this.outbox.add('change-request.reviewed', event);
    }
  }
}

/** «Расписание изменено с 10.12.2026: в этот день занятия больше нет. Заявка отклонена автоматически» */
export function rejectionComment(reason: string, from: string): string {
  return `Расписание изменено с ${formatDate(from)}: ${reason}. Заявка отклонена автоматически`;
}

/** Binds the port; passed to `PendingLessonsModule.bind` by the application. */
@Module({
  providers: [ChangeRequestsRepository, { provide: PendingChangeRequests, useClass: WaitingChangeRequests }, Outbox],
  exports: [PendingChangeRequests],
})
export class PendingChangeRequestsModule {}
