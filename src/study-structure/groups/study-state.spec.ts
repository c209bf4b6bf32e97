import { academicStartYear, courseOf, semesterOf, studyProgress, studyStateOf } from './study-state';

describe('academicStartYear', () => {
  it.each([
    ['2025-09-01', 2025],
    ['2025-12-31', 2025],
    ['2026-01-31', 2025],
    ['2026-08-31', 2025],
    ['2026-09-01', 2026],
  ])('%s belongs to the academic year starting in %i', (today, year) => {
    expect(academicStartYear(today)).toBe(year);
  });
});

describe('courseOf', () => {
  it('counts courses from the start year and never goes below 0', () => {
    expect(courseOf(2025, '2025-09-01')).toBe(1);
    expect(courseOf(2025, '2026-08-31')).toBe(1);
    expect(courseOf(2025, '2026-09-01')).toBe(2);
    expect(courseOf(2022, '2026-03-10')).toBe(4);
    expect(courseOf(2026, '2026-08-31')).toBe(0);
    expect(courseOf(2030, '2026-03-10')).toBe(0);
  });
});

describe('semesterOf', () => {
  it('gives the autumn semester from September to January and the spring one from February to August', () => {
    expect(semesterOf(1, '2025-09-01')).toBe(1);
    expect(semesterOf(1, '2026-01-31')).toBe(1);
    expect(semesterOf(1, '2026-02-01')).toBe(2);
    expect(semesterOf(1, '2026-08-31')).toBe(2);
    expect(semesterOf(3, '2025-11-15')).toBe(5);
    expect(semesterOf(3, '2026-05-15')).toBe(6);
  });

  it('is 0 before the group starts', () => {
    expect(semesterOf(0, '2025-11-15')).toBe(0);
  });
});

describe('studyStateOf', () => {
  it('puts archiving first, then not started, graduated and active', () => {
    expect(studyStateOf(true, 3)).toBe('ARCHIVED');
    expect(studyStateOf(true, 0)).toBe('ARCHIVED');
    expect(studyStateOf(false, 0)).toBe('NOT_STARTED');
    expect(studyStateOf(false, 1)).toBe('ACTIVE');
    expect(studyStateOf(false, 6)).toBe('ACTIVE');
    expect(studyStateOf(false, 7)).toBe('GRADUATED');
  });

  it('accepts a shorter programme length', () => {
    expect(studyStateOf(false, 5, 4)).toBe('GRADUATED');
    expect(studyStateOf(false, 4, 4)).toBe('ACTIVE');
  });
});

describe('studyProgress', () => {
  it('derives every field for a studying group', () => {
    expect(studyProgress(2024, false, '2026-03-01')).toEqual({
      course: 2,
      semester: 4,
      studyState: 'ACTIVE',
      studyStateName: 'Обучается',
      active: true,
    });
  });

  it('marks a future group as not started and not active', () => {
    expect(studyProgress(2027, false, '2026-11-21')).toEqual({
      course: 0,
      semester: 0,
      studyState: 'NOT_STARTED',
      studyStateName: 'Обучение не началось',
      active: false,
    });
  });

  it('keeps counting courses of a graduated group', () => {
    expect(studyProgress(2019, false, '2026-11-21')).toMatchObject({ course: 8, semester: 15, studyState: 'GRADUATED', active: false });
  });

  it('labels an archived group', () => {
    expect(studyProgress(2025, true, '2026-11-21')).toMatchObject({ course: 2, studyState: 'ARCHIVED', studyStateName: 'В архиве', active: false });
  });
});

describe('studyProgress with the calendar course count', () => {
  const today = '2026-11-21';

  it('graduates a group of a four-course calendar in its fifth year', () => {
    expect(studyProgress(2022, false, today, 4)).toMatchObject({ course: 5, studyState: 'GRADUATED', active: false });
    expect(studyProgress(2023, false, today, 4)).toMatchObject({ course: 4, studyState: 'ACTIVE', active: true });
  });

  it('keeps a group of an eight-course calendar studying beyond the default six courses', () => {
    expect(studyProgress(2020, false, today, 8)).toMatchObject({ course: 7, studyState: 'ACTIVE' });
    expect(studyProgress(2020, false, today)).toMatchObject({ course: 7, studyState: 'GRADUATED' });
  });
});
