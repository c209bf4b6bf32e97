// The choices the users' forms share: a role (creating a user, changing it on the card) and a
// department (the new user's primary one, a transfer, a teacher's additional one).
import type { ComponentChildren } from 'preact';
import type { Role } from '../api/client';
import { Field } from '../shared/form';
import type { Loaded } from '../shared/ui';
import { DepartmentOptions, type Department } from './departments';
import { ROLE_NAMES, ROLES } from './names';

interface Choice<T extends string> {
  label: string;
  hint?: string;
  error?: string;
  value: T;
  onChange: (value: T) => void;
}

/** `<option>`s of every role, named in Russian (after the caller's own first option, if any). */
export function RoleOptions() {
  return (
    <>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_NAMES[role]}
        </option>
      ))}
    </>
  );
}

export function RoleField(choice: Choice<Role>) {
  return (
    <SelectField {...choice}>
      <RoleOptions />
    </SelectField>
  );
}

/** «Выберите кафедру» first (nothing chosen yet), then every department. */
export function DepartmentField({ departments, ...choice }: Choice<string> & { departments: Loaded<Department[]> }) {
  return (
    <SelectField {...choice}>
      <option value="">Выберите кафедру</option>
      <DepartmentOptions departments={departments} />
    </SelectField>
  );
}

/** A labelled `<select>` of the given options; its values are those options' values. */
function SelectField<T extends string>({ label, hint, error, value, onChange, children }: Choice<T> & { children: ComponentChildren }) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.currentTarget.value as T)}>
          {children}
        </select>
      )}
    />
  );
}
