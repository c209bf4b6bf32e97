import { effectiveGridOf, effectiveSlotOf, GridCandidate, GridChoices } from './effective-grid';

const base: GridCandidate = { id: 1, applyMode: 'DEFAULT', slotCount: 6 };
const saturday: GridCandidate = { id: 2, applyMode: 'SATURDAY', slotCount: 4 };
const holiday: GridCandidate = { id: 3, applyMode: 'MANUAL', slotCount: 3 };

const MONDAY = '2025-09-01';
const SATURDAY = '2025-09-06';
const SUNDAY = '2025-09-07';

function choices(overrides: Partial<GridChoices<GridCandidate>> = {}): GridChoices<GridCandidate> {
  return { base, saturday, assignments: new Map(), ...overrides };
}

describe('effectiveGridOf', () => {
  it('uses the base grid on weekdays and Sundays', () => {
    expect(effectiveGridOf(MONDAY, choices())).toBe(base);
    expect(effectiveGridOf(SUNDAY, choices())).toBe(base);
  });

  it('uses the Saturday grid on Saturdays', () => {
    expect(effectiveGridOf(SATURDAY, choices())).toBe(saturday);
  });

  it('falls back to the base grid on a Saturday when the Saturday grid has no slots or is missing', () => {
    expect(effectiveGridOf(SATURDAY, choices({ saturday: { ...saturday, slotCount: 0 } }))).toBe(base);
    expect(effectiveGridOf(SATURDAY, choices({ saturday: undefined }))).toBe(base);
  });

  it('prefers a manual assignment over the Saturday and base grids', () => {
    const assignments = new Map([
      [SATURDAY, holiday],
      [MONDAY, holiday],
    ]);
    expect(effectiveGridOf(SATURDAY, choices({ assignments }))).toBe(holiday);
    expect(effectiveGridOf(MONDAY, choices({ assignments }))).toBe(holiday);
    expect(effectiveGridOf(SUNDAY, choices({ assignments }))).toBe(base);
  });

  it('keeps a manual assignment even when its grid has no slots', () => {
    const empty = { ...holiday, slotCount: 0 };
    expect(effectiveGridOf(SATURDAY, choices({ assignments: new Map([[SATURDAY, empty]]) }))).toBe(empty);
  });
});

describe('effectiveSlotOf', () => {
  const first = { orderNumber: 1, startTime: '08:30:00', endTime: '10:00:00' };
  const third = { orderNumber: 3, startTime: '12:00:00', endTime: '13:30:00' };
  const shortened = [
    { orderNumber: 1, startTime: '08:30:00', endTime: '09:30:00' },
    { orderNumber: 2, startTime: '09:40:00', endTime: '10:40:00' },
  ];

  it('takes the slot with the same order number from the effective grid', () => {
    expect(effectiveSlotOf(first, shortened)).toBe(shortened[0]);
  });

  it('keeps the base slot when the effective grid has no such order number', () => {
    expect(effectiveSlotOf(third, shortened)).toBe(third);
    expect(effectiveSlotOf(third, [])).toBe(third);
  });
});
