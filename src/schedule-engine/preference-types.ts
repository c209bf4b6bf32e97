/**
 * The kinds of a teacher preference (spec 4.14), listed once: the preferences feature validates and
 * stores them, the quality scoring weighs them. HARD_UNAVAILABLE blocks the schedule once approved;
 * the others are hints.
 */
export const PREFERENCE_TYPES = ['HARD_UNAVAILABLE', 'SOFT_PREFERRED', 'SOFT_UNWANTED', 'CONSECUTIVE', 'NO_GAPS'] as const;
export type PreferenceType = (typeof PREFERENCE_TYPES)[number];
