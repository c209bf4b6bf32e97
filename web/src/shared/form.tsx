// Forms that talk to the API. A refusal keeps every value the user typed and shows the API's Russian
// `message` next to the control it concerns: the one its `field` names (the API's property, mapped by
// `fields` where the form names it differently), or `otherwise`, else above the button. The message is
// never read to find the place: it may be reworded at any time.
import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { messageOf } from './errors';
import { apiField, apiFields, topField } from './field-errors';
import { ErrorLine, useId } from './ui';

type Values = Record<string, unknown>;

export interface ApiForm<T extends Values> {
  values: T;
  set<K extends keyof T>(name: K, value: T[K]): void;
  /** The message shown at a field, if the last refusal was about it. */
  errorAt(name: keyof T): string | undefined;
  /** A refusal no field claims. */
  formError?: string;
  /** Every API property the last refusal named (`[2].name` for the third item of a list body). */
  errorFields: string[];
  busy: boolean;
  /** Done: the last submission's success text (cleared by the next change). */
  done?: string;
  submit(event?: Event): Promise<void>;
}

export function useApiForm<T extends Values>(options: {
  initial: T;
  /** Sends the values; resolves to a success line, or throws the API's refusal. */
  send: (values: T) => Promise<string | void>;
  /**
   * The form's field for an API property path (`slots[1].teacherId`) where the names differ (e.g.
   * `{ targetId: 'target' }`); by default the path's top-level property when the form has it.
   */
  fields?: Partial<Record<string, keyof T>> | ((path: string) => keyof T | undefined);
  /**
   * Where a refusal that names no field of the form is shown (a form about one thing, or the field
   * the user's current choice is made in), else above the button.
   */
  otherwise?: keyof T | ((values: T) => keyof T);
  /** Clear the values after a success (a new request), or keep them (editing). */
  resetOnSuccess?: boolean;
  /**
   * Asked before sending (e.g. a change recorded after the fact, or in a dialog of `useConfirm`);
   * false keeps the form as it is, unsent.
   */
  confirm?: (values: T) => boolean | Promise<boolean>;
}): ApiForm<T> {
  const [values, setValues] = useState<T>(options.initial);
  const [error, setError] = useState<{ field?: keyof T; message: string; paths: string[] }>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  return {
    values,
    set: (name, value) => {
      setValues((old) => ({ ...old, [name]: value }));
      setDone(undefined);
      if (error?.field === name) setError(undefined);
    },
    errorAt: (name) => (error?.field === name ? error.message : undefined),
    formError: error && error.field === undefined ? error.message : undefined,
    errorFields: error?.paths ?? [],
    busy,
    done,
    async submit(event) {
      event?.preventDefault();
      if (busy) return;
      if (options.confirm && !(await options.confirm(values))) return;
      setBusy(true);
      setError(undefined);
      setDone(undefined);
      try {
        const text = await options.send(values);
        setDone(text || 'Сохранено');
        if (options.resetOnSuccess) setValues(options.initial);
      } catch (failure) {
        const message = messageOf(failure);
        const otherwise = typeof options.otherwise === 'function' ? options.otherwise(values) : options.otherwise;
        setError({ field: placeOf(apiField(failure), values, options.fields) ?? otherwise, message, paths: apiFields(failure) });
      } finally {
        setBusy(false);
      }
    },
  };
}

/** The form's field an API property path names, if any. */
function placeOf<T extends Values>(path: string | undefined, values: T, fields: Partial<Record<string, keyof T>> | ((path: string) => keyof T | undefined) | undefined): keyof T | undefined {
  if (path === undefined) return undefined;
  if (typeof fields === 'function') {
    const mapped = fields(path);
    if (mapped !== undefined) return mapped;
  } else if (fields?.[topField(path)] !== undefined) {
    return fields[topField(path)];
  }
  return topField(path) in values ? topField(path) : undefined;
}

/**
 * One labelled control with its error under it. `control(props)` draws the input with the id,
 * `aria-invalid` and `aria-describedby` that tie it to its label and error.
 */
export function Field({
  label,
  error,
  hint,
  control,
}: {
  label: string;
  error?: string;
  hint?: string;
  control: (props: { id: string; 'aria-invalid'?: 'true'; 'aria-describedby'?: string }) => JSX.Element;
}) {
  const id = useId('field');
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div class={`field${error ? ' field-invalid' : ''}`}>
      <label for={id}>{label}</label>
      {control({ id, 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': described || undefined })}
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? <ErrorLine id={`${id}-error`} message={error} /> : null}
    </div>
  );
}

/** The form frame: the refusal no field claims, the success line, and the submit button. */
export function ApiFormFrame<T extends Values>({
  form,
  label,
  submitText,
  children,
}: {
  form: ApiForm<T>;
  label: string;
  submitText: string;
  children: ComponentChildren;
}) {
  return (
    <form class="api-form" aria-label={label} noValidate onSubmit={(event) => void form.submit(event)}>
      {children}
      {form.formError ? <ErrorLine message={form.formError} /> : null}
      {form.done ? (
        <p class="notice notice-info" role="status">
          {form.done}
        </p>
      ) : null}
      <button type="submit" class="primary" disabled={form.busy}>
        {form.busy ? 'Отправка…' : submitText}
      </button>
    </form>
  );
}
