/**
 * Russian messages for named database constraints, so that a race that slips past a service check
 * still gets a precise answer. Features register theirs next to their entities. Unknown names get
 * the generic message of their kind; the name itself never reaches a client.
 */
const messages = new Map<string, string>();

export function defineConstraintMessages(entries: Record<string, string>): void {
  for (const [constraint, message] of Object.entries(entries)) messages.set(constraint, message);
}

export function constraintMessage(constraint: string | undefined): string | undefined {
  return constraint ? messages.get(constraint) : undefined;
}
