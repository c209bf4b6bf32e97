import { Injectable, Module } from '@nestjs/common';
import { PendingAbsenceDecisions, PendingLesson, SettledLesson } from '../schedule/core';
import { TeacherAbsencesRepository } from './teacher-absences.repository';

/**
 * The schedule core's `PendingAbsenceDecisions` port (issue 53): when the timetable changes from a
 * date, an absence's decision about a lesson that goes on follows it to its new row; one about a lesson
 * that is gone is removed, so the wizard shows the absence's lessons as they are and asks again.
 */
@Injectable()
export class AbsenceDecisionsInForce extends PendingAbsenceDecisions {
  constructor(private readonly absences: TeacherAbsencesRepository) {
    super();
  }

  async waiting(slotIds: readonly number[], from: string): Promise<PendingLesson[]> {
    const rows = await this.absences.decisionsInForceOn(slotIds, from);
    return rows.map((row) => ({ kind: 'ABSENCE_DECISION', ...row }));
  }

  async settle(settled: readonly SettledLesson[]): Promise<void> {
    await this.absences.repointDecisions(settled.flatMap((item) => (item.outcome === 'FOLLOWED' ? [{ id: item.id, slotId: item.slotId as number }] : [])));
    await this.absences.removeDecisions(settled.flatMap((item) => (item.outcome === 'REOPENED' ? [item.id] : [])));
  }
}

/** Binds the port; passed to `PendingLessonsModule.bind` by the application. */
@Module({
  providers: [TeacherAbsencesRepository, { provide: PendingAbsenceDecisions, useClass: AbsenceDecisionsInForce }],
  exports: [PendingAbsenceDecisions],
})
export class PendingAbsenceDecisionsModule {}
