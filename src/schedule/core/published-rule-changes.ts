import { Injectable } from '@nestjs/common';
import { Outbox } from '../../platform/outbox/outbox';
import { LoadedRule } from '../../schedule-engine/rule-model';
import { ScheduleDataRepository } from './schedule-data.repository';

/**
 * The payload of the outbox event `rules.changed` (issue 45 §3): rules of the PUBLISHED version were
 * created, changed, archived or moved out of it, so the live timetable changed without a publication.
 * The touched rules as they were and as they are, written with the change in its transaction; the
 * delivery compares their lessons in the background and tells the people whose lessons ahead changed.
 * A rule missing from `after` left the publication (archived, moved to a draft).
 */
export interface RulesChangedEvent {
  semesterId: number;
  versionId: number;
  before: LoadedRule[];
  after: LoadedRule[];
  /** The date the change holds from, when the write named one (issue 53): no lesson before it changed. */
  effectiveFrom?: string;
}

/** What a write took before it changed the publication's rules (nothing for other versions). */
export interface PublishedRulesBefore {
  semesterId: number;
  versionId: number;
  ruleIds: readonly number[];
  rules: LoadedRule[];
  effectiveFrom?: string;
}

/**
 * How a write of rules tells the publication's readers (issue 45 §3): it reads the rules it touches
 * before the write (`before`, only when their version is the publication) and, after it, in the same
 * transaction, records what they became (`record`). Drafts tell nobody: their publication does.
 */
@Injectable()
export class PublishedRuleChanges {
  constructor(
    private readonly data: ScheduleDataRepository,
    private readonly outbox: Outbox,
  ) {}

  async before(version: { id: number; semesterId: number; status: string }, ruleIds: readonly number[], effectiveFrom?: string): Promise<PublishedRulesBefore | undefined> {
    if (version.status !== 'PUBLISHED') return undefined;
    const rules = ruleIds.length === 0 ? [] : await this.data.rules({ versionIds: [version.id], ruleIds: [...ruleIds] });
    return { semesterId: version.semesterId, versionId: version.id, ruleIds, rules, ...(effectiveFrom === undefined ? {} : { effectiveFrom }) };
  }

  /** After the write: the touched rules of the publication as they are now, and the event when any of them changed. */
  async record(before: PublishedRulesBefore | undefined, addedRuleIds: readonly number[] = []): Promise<void> {
    if (!before) return;
    const ruleIds = [...new Set([...before.ruleIds, ...addedRuleIds])];
    const after = ruleIds.length === 0 ? [] : await this.data.rules({ versionIds: [before.versionId], ruleIds });
    if (after.length === 0 && before.rules.length === 0) return;
    const event: RulesChangedEvent = { semesterId: before.semesterId, versionId: before.versionId, before: before.rules, after };
    if (before.effectiveFrom !== undefined) event.effectiveFrom = before.effectiveFrom;
    await this.outbox.add('rules.changed', event);
  }
}
