// Where an API refusal belongs, read from its data: the common error body's `field` (and `fields`)
// name the request properties it concerns (`departmentName`, `slots[1].classroomId`). The message is
// for people and may be reworded at any time, so nothing here reads it.
import { ApiError } from '../api/client';

/** The request property a refusal concerns, as the API wrote it, if it names one. */
export function apiField(error: unknown): string | undefined {
  return apiFields(error)[0];
}

/** Every request property a refusal concerns (`field` first). */
export function apiFields(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return [];
  const { field, fields } = error.body as { field?: unknown; fields?: unknown };
  const all = Array.isArray(fields) ? fields.filter((item): item is string => typeof item === 'string') : [];
  return typeof field === 'string' && !all.includes(field) ? [field, ...all] : all;
}

/** The top-level property of a path: `slots[1].classroomId` → `slots`. */
export function topField(path: string): string {
  const end = [path.indexOf('['), path.indexOf('.')].filter((at) => at >= 0);
  return end.length > 0 ? path.slice(0, Math.min(...end)) : path;
}

/** The index of an array element a path names at its start: `[2].name` → 2, `slots[1].x` with `slots` → 1. */
export function indexIn(path: string, array = ''): number | undefined {
  if (!path.startsWith(`${array}[`)) return undefined;
  const index = Number(path.slice(array.length + 1, path.indexOf(']')));
  return Number.isInteger(index) ? index : undefined;
}

/** A refusal made in the browser before asking the API, placed at `field` as the API's are. */
export function refusal(field: string, message: string): ApiError {
  return new ApiError(400, message, { field });
}
