// What the API warns of a room it placed a lesson in (issue 55): fewer seats than students, missing
// equipment. Saved all the same (capacity is quality, not a refusal), so the screen says it beside
// what it did: the one-off change, an applied change request, an absence's decisions.
import type { Schemas } from '../api/client';

export type RoomWarning = Schemas['RoomWarningDto'];

/** « Внимание: …; ….» after a success line, or nothing. */
export const warningsSentence = (warnings: readonly RoomWarning[]): string => (warnings.length ? ` Внимание: ${warnings.map((warning) => warning.message).join('; ')}.` : '');

/** The warnings as a list under what was done. */
export function RoomWarnings({ warnings, id }: { warnings: readonly RoomWarning[]; id?: string }) {
  if (!warnings.length) return null;
  return (
    <div class="notice notice-warning room-warnings" id={id}>
      <p>Сохранено, но аудитория не подходит занятию:</p>
      <ul>
        {warnings.map((warning) => (
          <li key={warning.message} data-code={warning.code}>
            {warning.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
