import { TenantClient, TestApp } from './test-app';

/** Builders and snapshots for the time grids (bell schedules), over the HTTP API. */

export interface GridScopeBody {
  id: number;
  name: string;
  scopeApplyMode: 'DEFAULT' | 'SATURDAY' | 'MANUAL';
  slotCount: number;
}

export interface TimeSlotBody {
  id: number;
  orderNumber: number;
  scopeId: number;
  scopeName: string;
  scopeApplyMode: GridScopeBody['scopeApplyMode'];
  startTime: string;
  endTime: string;
  durationMinutes: number;
}

export interface DateAssignmentBody {
  id: number;
  date: string;
  scopeId: number;
  scopeName: string;
}

export const SLOTS_PATH = '/api/admin/time-slots';
export const SCOPES_PATH = '/api/admin/time-slots/scopes';
export const ASSIGNMENTS_PATH = '/api/admin/time-slots/date-assignments';

function created<T>(label: string, response: { status: number; body: unknown }): T {
  if (response.status !== 200) throw new Error(`${label}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

let sequence = 0;

export async function createManualGrid(admin: TenantClient, name?: string): Promise<GridScopeBody> {
  sequence++;
  return created('createManualGrid', await admin.post(SCOPES_PATH, { name: name ?? `Ручная сетка ${sequence}` }));
}

export async function createSlot(
  admin: TenantClient,
  scopeId: number,
  orderNumber: number,
  startTime: string,
  endTime: string,
): Promise<TimeSlotBody> {
  return created('createSlot', await admin.post(SLOTS_PATH, { scopeId, orderNumber, startTime, endTime }));
}

export async function assignDate(admin: TenantClient, date: string, scopeId: number): Promise<DateAssignmentBody> {
  return created('assignDate', await admin.post(ASSIGNMENTS_PATH, { date, scopeId }));
}

/** The seeded automatic grids, by mode. */
export async function seededGrids(admin: TenantClient): Promise<{ base: GridScopeBody; saturday: GridScopeBody }> {
  const scopes = created<GridScopeBody[]>('seededGrids', await admin.get(SCOPES_PATH));
  const find = (mode: GridScopeBody['scopeApplyMode']) => {
    const scope = scopes.find((item) => item.scopeApplyMode === mode);
    if (!scope) throw new Error(`no ${mode} grid`);
    return scope;
  };
  return { base: find('DEFAULT'), saturday: find('SATURDAY') };
}

/** Every grid table, to check that a refused request changed nothing. */
export async function gridSnapshot(t: TestApp, tenant = 'alpha') {
  return {
    scopes: await t.sql(tenant, `SELECT id, name, apply_mode FROM time_grid_scopes ORDER BY id`),
    slots: await t.sql(tenant, `SELECT id, scope_id, order_number, start_time::text, end_time::text, updated_at FROM time_slots ORDER BY id`),
    assignments: await t.sql(tenant, `SELECT id, assignment_date::text, scope_id FROM time_grid_date_assignments ORDER BY id`),
  };
}
