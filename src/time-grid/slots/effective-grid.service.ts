import { Injectable } from '@nestjs/common';
import { isoDayOfWeek } from '../../schedule-engine/dates';
import { effectiveGridOf, GridChoices } from '../../schedule-engine/effective-grid';
import { GridScopeRow, GridScopesRepository } from '../scopes/grid-scopes.repository';
import { EffectiveGridResponse } from './dto/time-slot.dto';
import { toSlotResponse } from './time-slots.service';
import { TimeSlotsRepository } from './time-slots.repository';

/** The grid in effect on a date, with its slots: two queries, the rule itself lives in the engine. */
@Injectable()
export class EffectiveGridService {
  constructor(
    private readonly scopes: GridScopesRepository,
    private readonly slots: TimeSlotsRepository,
  ) {}

  async on(date: string): Promise<EffectiveGridResponse> {
    const candidates = await this.scopes.candidatesOn(date);
    const base = candidates.find((scope) => scope.applyMode === 'DEFAULT');
    // Seeded by the first migration and never deletable: its absence is a broken database.
    if (!base) throw new Error('The base time grid is missing');
    const assigned = candidates.find((scope) => scope.assigned);
    const choices: GridChoices<GridScopeRow> = {
      base,
      saturday: candidates.find((scope) => scope.applyMode === 'SATURDAY'),
      assignments: new Map(assigned ? [[date, assigned]] : []),
    };
    const grid = effectiveGridOf(date, choices);
    const slots = await this.slots.list(grid.id);
    return {
      date,
      dayOfWeek: isoDayOfWeek(date),
      scopeId: grid.id,
      scopeName: grid.name,
      scopeApplyMode: grid.applyMode,
      slots: slots.map(toSlotResponse),
    };
  }
}
