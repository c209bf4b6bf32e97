/** One subject to import after normalisation. */
export interface PlannedSubject {
  name: string;
  code: string | null;
}

/** The lower-cased key names are compared by (the database compares `lower(name)` the same way). */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * Normalises an import: names trimmed, an empty code is null, and a name repeated in one payload
 * (case-insensitively) is processed once with its last value, in the place of its first appearance.
 */
export function planImport(items: readonly { name: string; code?: string | null }[]): PlannedSubject[] {
  const byKey = new Map<string, PlannedSubject>();
  for (const item of items) {
    const name = item.name.trim();
    const code = item.code?.trim() || null;
    byKey.set(nameKey(name), { name, code });
  }
  return [...byKey.values()];
}
