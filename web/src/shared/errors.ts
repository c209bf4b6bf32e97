// One way to turn any failure into the Russian line a user reads. An ended session is not shown in
// place: the shell takes the user back to the login form with the API's message.
import { ApiError, SessionEnded } from '../api/client';

let onSessionEnded: (message: string) => void = () => undefined;

/** The shell registers what happens when the session has ended (the login form). */
export function whenSessionEnds(handler: (message: string) => void): void {
  onSessionEnded = handler;
}

/** The message to show for `error` (the API's own `message` for a refusal). */
export function messageOf(error: unknown): string {
  if (error instanceof SessionEnded) {
    onSessionEnded(error.message);
    return error.message;
  }
  if (error instanceof ApiError) return error.message;
  console.warn(error);
  return 'Что-то пошло не так. Обновите страницу';
}
