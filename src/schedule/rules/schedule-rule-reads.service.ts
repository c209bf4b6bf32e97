import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../platform/http/app-error';
import { todayInBusinessZone } from '../../platform/http/dates';
import { addDays } from '../../schedule-engine/dates';
import { Page, toPage } from '../../platform/http/paging';
import { LoadedRule } from '../../schedule-engine/rule-model';
import { namedIds, ScheduleDataRepository } from '../core';
import { RULE_NOT_FOUND } from './access';
import { RuleListQuery, RulePageQuery, RuleResponse } from './dto/schedule-rule-response.dto';
import { toRuleResponse } from './rule-mapper';
import { ScheduleRulesRepository } from './schedule-rules.repository';

/**
 * Rule lists, pages and single rules. Rules, their slots and the names they mention come from the
 * shared batched loader, so a list costs a fixed number of queries whatever its length.
 */
@Injectable()
export class ScheduleRuleReads {
  constructor(
    private readonly rules: ScheduleRulesRepository,
    private readonly data: ScheduleDataRepository,
  ) {}

  /** Active rules of `versionId`, or else of the published version of the semester (or of every semester). */
  async list(query: RuleListQuery): Promise<RuleResponse[]> {
    const versionIds = await this.rules.listedVersions({ versionId: query.versionId, semesterId: query.semesterId });
    const rules = await this.data.rules({ versionIds, groupIds: query.groupId === undefined ? undefined : [query.groupId] });
    return this.respond(rules);
  }

  /** Active rules of a version, newest first. */
  async page(query: RulePageQuery): Promise<Page<RuleResponse>> {
    const { ids, total } = await this.rules.page(query.versionId, query.query, query.page * query.size, query.size);
    const loaded = ids.length === 0 ? [] : await this.data.rules({ versionIds: [query.versionId], ruleIds: ids });
    const order = new Map(ids.map((id, index) => [id, index]));
    loaded.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return toPage(await this.respond(loaded), total, query.page, query.size);
  }

  /** One rule, archived ones included; with `withHistory`, its closed periods too. */
  async get(id: number, withHistory = false): Promise<RuleResponse> {
    const versionId = await this.rules.versionOf(id);
    const [rule] = versionId === undefined ? [] : await this.data.rules({ versionIds: [versionId], ruleIds: [id], includeArchived: true });
    if (!rule) throw new NotFoundError(RULE_NOT_FOUND);
    return (await this.respond([rule], withHistory))[0];
  }

  private async respond(rules: LoadedRule[], withHistory = false): Promise<RuleResponse[]> {
    if (rules.length === 0) return [];
    // One after the other: inside a rule change both run on the transaction's single connection.
    const names = await this.data.names(namedIds(rules));
    const stamps = await this.rules.stamps(rules.map((rule) => rule.id));
    // The current form is what holds from tomorrow on, the first day a change can take effect.
    const tomorrow = addDays(todayInBusinessZone(), 1);
    return rules.map((rule) => {
      const stamp = stamps.get(rule.id);
      if (!stamp) throw new NotFoundError(RULE_NOT_FOUND);
      return toRuleResponse(rule, names, stamp, tomorrow, withHistory);
    });
  }
}
