import { Injectable } from '@nestjs/common';
import { jsonDocument, nullable, rowShape, timestamp } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { DEFAULT_QUALITY_WEIGHTS, DEFAULT_SOLVER_RULES, QualityWeights, SolverRules } from '../../schedule-engine/quality';
import { SolverSettingsRequest } from './dto/solver-settings.dto';

const SETTINGS_ROW = rowShape({ settings: jsonDocument, updatedAt: nullable(timestamp) });

/** The settings as the API spells them, in the report's words. */
export type SolverSettings = SolverSettingsRequest;

export const DEFAULT_SOLVER_SETTINGS: SolverSettings = {
  roomTooSmallHard: DEFAULT_SOLVER_RULES.roomTooSmallHard,
  roomTooSmall: DEFAULT_QUALITY_WEIGHTS.capacityShortage,
  roomTooBig: DEFAULT_QUALITY_WEIGHTS.roomOversized,
  groupWindows: DEFAULT_QUALITY_WEIGHTS.groupGap,
  teacherWindows: DEFAULT_QUALITY_WEIGHTS.teacherGap,
  groupPairsPerDay: DEFAULT_QUALITY_WEIGHTS.groupDayLimit,
  groupOverload: DEFAULT_QUALITY_WEIGHTS.groupOverload,
  teacherPairsPerDay: DEFAULT_QUALITY_WEIGHTS.teacherDayLimit,
  teacherOverload: DEFAULT_QUALITY_WEIGHTS.teacherOverload,
  preferencesHard: DEFAULT_SOLVER_RULES.preferencesHard,
  preferences: DEFAULT_QUALITY_WEIGHTS.softWish,
  unevenWeek: DEFAULT_QUALITY_WEIGHTS.unevenWeek,
  lastPair: DEFAULT_QUALITY_WEIGHTS.lastPair,
  groupDaysPerWeek: DEFAULT_QUALITY_WEIGHTS.groupWeekDays,
  groupExtraDay: DEFAULT_QUALITY_WEIGHTS.groupExtraDay,
  teacherDaysPerWeek: DEFAULT_QUALITY_WEIGHTS.teacherWeekDays,
  teacherExtraDay: DEFAULT_QUALITY_WEIGHTS.teacherExtraDay,
  movedLesson: DEFAULT_SOLVER_RULES.movedLesson,
};

const KEYS = Object.keys(DEFAULT_SOLVER_SETTINGS) as (keyof SolverSettings)[];

/** The stored values over the defaults; a stored value of the wrong kind (never written by the API) is ignored. */
export function merged(stored: unknown): SolverSettings {
  const result: Record<string, unknown> = { ...DEFAULT_SOLVER_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const key of KEYS) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === typeof DEFAULT_SOLVER_SETTINGS[key]) result[key] = value;
    }
  }
  return result as unknown as SolverSettings;
}

/** The report's weights and the solver's rules from the settings. */
export function weightsFrom(settings: SolverSettings): { weights: QualityWeights; solverRules: SolverRules } {
  return {
    weights: {
      groupGap: settings.groupWindows,
      teacherGap: settings.teacherWindows,
      groupDayLimit: settings.groupPairsPerDay,
      groupOverload: settings.groupOverload,
      teacherDayLimit: settings.teacherPairsPerDay,
      teacherOverload: settings.teacherOverload,
      capacityShortage: settings.roomTooSmall,
      roomOversized: settings.roomTooBig,
      softWish: settings.preferences,
      unevenWeek: settings.unevenWeek,
      lastPair: settings.lastPair,
      groupWeekDays: settings.groupDaysPerWeek,
      groupExtraDay: settings.groupExtraDay,
      teacherWeekDays: settings.teacherDaysPerWeek,
      teacherExtraDay: settings.teacherExtraDay,
    },
    solverRules: { roomTooSmallHard: settings.roomTooSmallHard, preferencesHard: settings.preferencesHard, movedLesson: settings.movedLesson },
  };
}

/** The one row of `schedule_solver_settings` of the university's database. */
@Injectable()
export class SolverSettingsRepository {
  constructor(private readonly db: TenantDb) {}

  async read(): Promise<{ settings: SolverSettings; updatedAt: Date | null; defaults: boolean }> {
    const [row] = await this.db.rows(
      SETTINGS_ROW,
      `SELECT settings, CASE WHEN settings = '{}'::jsonb THEN NULL ELSE updated_at END AS "updatedAt" FROM schedule_solver_settings`,
    );
    const settings = merged(row?.settings);
    return { settings, updatedAt: row?.updatedAt ?? null, defaults: KEYS.every((key) => settings[key] === DEFAULT_SOLVER_SETTINGS[key]) };
  }

  /** Stores the whole set (the row exists from the migration; an upsert keeps a restored database working). */
  async write(settings: SolverSettings, userId: number): Promise<void> {
    const values = Object.fromEntries(KEYS.map((key) => [key, settings[key]]));
    await this.db.execute(
      `INSERT INTO schedule_solver_settings (singleton, settings, updated_by, updated_at) VALUES (true, $1::jsonb, $2, now())
       ON CONFLICT (singleton) DO UPDATE SET settings = EXCLUDED.settings, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [JSON.stringify(values), userId],
    );
  }
}
