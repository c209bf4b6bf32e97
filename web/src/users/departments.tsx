// The department choice of the users' screens (also offered to teacher-requests/review.tsx and the
// office's workload filter): every department, read once per screen.
import { api, data, type Schemas } from '../api/client';
import { useLoad, type Loaded } from '../shared/ui';

export type Department = Schemas['DepartmentResponse'];

export function useDepartments(): Loaded<Department[]> {
  return useLoad(() => data(api.GET('/api/departments')), []);
}

/** `<option>`s of the departments (after the caller's own first option). */
export function DepartmentOptions({ departments }: { departments: Loaded<Department[]> }) {
  if (departments.state !== 'done') return null;
  return (
    <>
      {departments.data.map((department) => (
        <option key={department.id} value={String(department.id)}>
          {department.departmentName}
        </option>
      ))}
    </>
  );
}
