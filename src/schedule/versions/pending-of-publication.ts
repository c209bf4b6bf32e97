import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/http/app-error';
import { LoadedRule, LoadedSemester } from '../../schedule-engine/rule-model';
import { AffectedRequestResponse, PendingLessons, ScheduleDataRepository } from '../core';
import { ScheduleVersionsRepository } from './schedule-versions.repository';

/**
 * A publication from a date and the requests and absence decisions waiting on the publication's
 * lessons (issue 53). They name the old publication's rows; after the draft took over its past they
 * follow their lessons into the draft by the rules' lineage (those before the date too, unlisted: the
 * same lesson on its copied row), and one dated from the date whose lesson the draft no longer has is
 * rejected (a request) or its decision removed (an absence), as a rule's change from a date does.
 */
@Injectable()
export class PendingOfPublication {
  constructor(
    private readonly pending: PendingLessons,
    private readonly versions: ScheduleVersionsRepository,
    private readonly data: ScheduleDataRepository,
  ) {}

  /** After the takeover, inside the publication's transaction; `apply` false only lists. */
  async recheck(draftId: number, publishedId: number, semester: LoadedSemester, from: string, apply: boolean): Promise<AffectedRequestResponse[]> {
    const before = await this.pending.rulesWithWaiting(publishedId, semester.startDate);
    if (before.length === 0) return [];
    const lineage = await this.versions.lineageKeys([draftId, publishedId]);
    const keyOf = (rule: LoadedRule) => lineage.get(rule.id) ?? rule.id;
    const keys = new Set(before.map(keyOf));
    const sources = new Set(before.map((rule) => rule.id));
    const counterparts = [...lineage].filter(([id, key]) => keys.has(key) && !sources.has(id)).map(([id]) => id);
    const after = counterparts.length === 0 ? [] : await this.data.rules({ versionIds: [draftId], ruleIds: counterparts });
    return this.pending.recheck({ semester, from, before, after, versionId: draftId, keyOf, everyDate: true }, apply);
  }

  /**
   * Runs the takeover; when it refuses with the one-off changes that no longer match (409), the
   * refusal also lists the waiting requests and decisions the publication would settle.
   */
  async listedWith<T>(takeover: () => Promise<T>, draftId: number, publishedId: number, semester: LoadedSemester, from: string): Promise<T> {
    try {
      return await takeover();
    } catch (error) {
      if (!(error instanceof AppError) || !error.extra?.unmatchedOverrides) throw error;
      const affected = await this.recheck(draftId, publishedId, semester, from, false);
      if (affected.length === 0) throw error;
      const listed = new AppError(error.status, error.message, undefined, undefined, { ...error.extra, affectedRequests: affected });
      listed.field = error.field;
      throw listed;
    }
  }
}
