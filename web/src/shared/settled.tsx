// Inputs that ask the API as the user types (dates of a period, a search) ask only once the value is
// complete and typing has paused (issue 55): a year typed digit by digit is not four requests for
// the years 2, 20, 202 and 2026. What is wrong with an incomplete date is said next to its field.
import { useEffect, useRef, useState } from 'preact/hooks';
import { isDate } from './dates';
import { Field } from './form';

/** How long typing must pause before the API is asked. */
export const SETTLE_MS = 400;

/** The last value of `value` that stayed unchanged for `delay` ms (the first value counts at once). */
export function useSettled(value: string, delay = SETTLE_MS): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** A date the API can be asked about: complete, with a four-digit year from 1900 on. */
export const completeDate = (text: string): boolean => isDate(text) && Number(text.slice(0, 4)) >= 1900;

/** What is wrong with a typed date (nothing when the API may be asked with it). */
export function dateProblem(text: string, notBefore?: { date: string; message: string }): string | undefined {
  if (!text) return 'Укажите дату полностью: день, месяц и год';
  if (!completeDate(text)) return 'Дата введена не полностью: нужны день, месяц и год из четырёх цифр';
  if (notBefore && completeDate(notBefore.date) && text < notBefore.date) return notBefore.message;
  return undefined;
}

/**
 * A date field that hands its value on (`onSettle`) only when it is a complete date and typing has
 * paused; until then the typed text stays in the field, and after the pause what is wrong with it is
 * shown under it. A value changed from outside (another period chosen) replaces what was typed.
 */
export function SettledDateField({
  label,
  value,
  onSettle,
  notBefore,
  hint,
}: {
  label: string;
  value: string;
  onSettle: (date: string) => void;
  /** An earlier date this one may not precede (the period's start, for its end), with what to say. */
  notBefore?: { date: string; message: string };
  hint?: string;
}) {
  const [typed, setTyped] = useState(value);
  const [problem, setProblem] = useState<string>();
  useEffect(() => setTyped(value), [value]);
  // The latest `onSettle`: two fields of one period settling in turn must each see the other's new date.
  const settle = useRef(onSettle);
  settle.current = onSettle;
  useEffect(() => {
    if (typed === value) {
      setProblem(undefined);
      return;
    }
    const timer = setTimeout(() => {
      const wrong = dateProblem(typed, notBefore);
      setProblem(wrong);
      if (!wrong) settle.current(typed);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed, notBefore?.date]);
  return (
    <Field
      label={label}
      hint={hint}
      error={problem}
      control={(props) => (
        // Both events: a date picked from the calendar or set by a script may fire only `change`.
        <input {...props} type="date" value={typed} onInput={(event) => setTyped(event.currentTarget.value)} onChange={(event) => setTyped(event.currentTarget.value)} />
      )}
    />
  );
}
