import { feedWindow } from './feed-window';

const autumn = { startDate: '2026-09-01', endDate: '2026-12-31' };
const spring = { startDate: '2027-02-09', endDate: '2027-06-30' };
const nextAutumn = { startDate: '2027-09-01', endDate: '2027-12-31' };

describe('feedWindow', () => {
  it('runs from two weeks back to the end of the semester after the current one', () => {
    expect(feedWindow('2026-11-23', [spring, autumn, nextAutumn])).toEqual({ startDate: '2026-11-09', endDate: '2027-06-30' });
  });

  it('between semesters counts the next two that have not ended', () => {
    expect(feedWindow('2027-01-20', [autumn, spring, nextAutumn])).toEqual({ startDate: '2027-01-06', endDate: '2027-12-31' });
  });

  it('with only the current semester ends with it; with none still covers two weeks ahead', () => {
    expect(feedWindow('2026-11-23', [autumn])).toEqual({ startDate: '2026-11-09', endDate: '2026-12-31' });
    expect(feedWindow('2026-11-23', [])).toEqual({ startDate: '2026-11-09', endDate: '2026-12-07' });
    expect(feedWindow('2026-12-30', [autumn])).toEqual({ startDate: '2026-12-16', endDate: '2027-01-13' });
  });

  it('never covers more than 400 dates', () => {
    const long = { startDate: '2026-09-01', endDate: '2029-06-30' };
    expect(feedWindow('2026-11-23', [long])).toEqual({ startDate: '2026-11-09', endDate: '2027-12-13' });
  });
});
