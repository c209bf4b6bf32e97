import { checkPreferenceShape } from './preference-rules';

const none = { dayOfWeek: null, timeSlotId: null, preferenceDate: null };

describe('checkPreferenceShape', () => {
  it('accepts a weekly pair or a whole date for interval preferences', () => {
    expect(() => checkPreferenceShape('HARD_UNAVAILABLE', { ...none, dayOfWeek: 2, timeSlotId: 5 })).not.toThrow();
    expect(() => checkPreferenceShape('SOFT_UNWANTED', { ...none, preferenceDate: '2026-09-01' })).not.toThrow();
  });

  it('refuses a date together with a pair, a day without a pair, and nothing at all', () => {
    expect(() => checkPreferenceShape('HARD_UNAVAILABLE', { dayOfWeek: 2, timeSlotId: 5, preferenceDate: '2026-09-01' })).toThrow(/только полем preferenceDate/);
    expect(() => checkPreferenceShape('SOFT_PREFERRED', { ...none, dayOfWeek: 2 })).toThrow(/dayOfWeek.*timeSlotId/);
    expect(() => checkPreferenceShape('HARD_UNAVAILABLE', none)).toThrow(/dayOfWeek.*timeSlotId/);
  });

  it('lets compactness wishes name a weekday or nothing, but no pair or date', () => {
    expect(() => checkPreferenceShape('NO_GAPS', none)).not.toThrow();
    expect(() => checkPreferenceShape('CONSECUTIVE', { ...none, dayOfWeek: 3 })).not.toThrow();
    expect(() => checkPreferenceShape('NO_GAPS', { ...none, timeSlotId: 5 })).toThrow(/уберите timeSlotId/);
  });
});
