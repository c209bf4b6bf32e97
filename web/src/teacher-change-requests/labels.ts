// Russian names of a change request's kinds, statuses and history events (spec 4.15).
import type { Schemas } from '../api/client';

type Request = Schemas['ChangeRequestResponse'];

export const REQUEST_TYPE_NAMES: Record<Request['requestType'], string> = {
  MOVE: 'Перенос',
  CHANGE_CLASSROOM: 'Другая аудитория',
  CANCEL: 'Отмена занятия',
};

export const REQUEST_STATUS_NAMES: Record<Request['status'], string> = {
  PENDING: 'Ожидает решения',
  APPROVED: 'Применена',
  REJECTED: 'Отклонена',
  CANCELLED: 'Отозвана',
};

export const REQUEST_EVENT_NAMES: Record<Request['history'][number]['eventType'], string> = {
  SUBMITTED: 'Подана',
  APPROVED: 'Применена',
  REJECTED: 'Отклонена',
  CANCELLED: 'Отозвана',
};
