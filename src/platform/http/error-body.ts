import { STATUS_TITLES } from './app-error';

export interface ErrorBody {
  timestamp: string;
  status: number;
  error: string;
  message: string;
  path: string;
  /** The request property the refusal concerns (`slots[1].classroomId`), when it concerns one. */
  field?: string;
  /** Every property it concerns, when there are several (`field` is the first). */
  fields?: string[];
}

export function errorBody(status: number, message: string, path: string): ErrorBody {
  return {
    timestamp: new Date().toISOString(),
    status,
    error: STATUS_TITLES[status] ?? STATUS_TITLES[500],
    message,
    path,
  };
}
