import { quotedField } from '../web/src/shared/field-errors';

/**
 * The web client's forms show a refusal next to the control it concerns: the field the API's Russian
 * message quotes (the messages below are ones the API really sends).
 */
describe('which form field an API message is about', () => {
  const fields = ['username', 'password', 'slots', 'startDate'];

  it('finds the quoted field, also inside an indexed or nested path', () => {
    expect(quotedField('Поле «password» должно быть строкой', fields)).toBe('password');
    expect(quotedField('Поле «slots[1].teacherId» обязательно', fields)).toBe('slots');
    expect(quotedField('«Группа» и «startDate» не согласованы', fields)).toBe('startDate');
  });

  it('claims no field when the message quotes none of the form (shown above the button instead)', () => {
    expect(quotedField('Преподаватель занят в это время', fields)).toBeUndefined();
    expect(quotedField('Поле «teacherId» обязательно: укажите преподавателя', fields)).toBeUndefined();
  });
});
