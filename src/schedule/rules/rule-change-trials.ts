import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/http/app-error';
import { RuleChangeBody, RuleChangeTrials } from '../core';
import { ScheduleRulesService } from './schedule-rules.service';

/**
 * The rules' binding of the core's `RuleChangeTrials`: a proposed body goes through the update's own
 * checks (`ScheduleRulesService.tryUpdate`, the same code as `PUT /api/admin/schedule-rules/{id}`),
 * and the refusal it would answer is handed back as data instead of thrown.
 */
@Injectable()
export class RuleChangeTrialsOfRules extends RuleChangeTrials {
  constructor(private readonly rules: ScheduleRulesService) {
    super();
  }

  async refusalOf(ruleId: number, body: RuleChangeBody): Promise<AppError | undefined> {
    try {
      await this.rules.tryUpdate(ruleId, body);
      return undefined;
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
  }
}
