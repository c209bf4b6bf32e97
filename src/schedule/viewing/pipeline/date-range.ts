import { BadRequestError } from '../../../platform/http/app-error';
import { daysBetween } from '../../../schedule-engine/dates';
import { DateRange } from './lesson-criteria';

/** Spec 8: a schedule range holds at most 200 dates, both ends counted. */
export const MAX_RANGE_DATES = 200;

export function checkRange(range: DateRange): void {
  if (range.startDate > range.endDate) {
    throw new BadRequestError('Дата начала периода (startDate) позже даты окончания (endDate)').at('startDate', 'endDate');
  }
  const dates = daysBetween(range.startDate, range.endDate) + 1;
  if (dates > MAX_RANGE_DATES) {
    throw new BadRequestError(`Период просмотра может содержать не более ${MAX_RANGE_DATES} дат (обе границы включаются), запрошено ${dates}`).at('endDate');
  }
}
