// /admin/#reference-data «Справочники»: the university's reference lists, one tab each, all drawn by
// the same table-and-form pattern (entity-desk.tsx). The chosen list is in the address
// (`#reference-data?entity=groups`), so a reload or a shared link opens it again.
import { useEffect, useState } from 'preact/hooks';
import { hashParam } from '../shared/router';
import { EntityDesk, type EntityDescriptor, type FormValues } from './entity-desk';
import { classrooms } from './entities/classrooms';
import { departments } from './entities/departments';
import { educationForms } from './entities/education-forms';
import { equipment } from './entities/equipment';
import { groups } from './entities/groups';
import { specialties } from './entities/specialties';
import { subjects } from './entities/subjects';
import { teacherSubjects } from './entities/teacher-subjects';

// Each descriptor has its own row and form types; the list only needs what they share.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDescriptor = EntityDescriptor<any, FormValues>;

const ENTITIES = [departments, specialties, educationForms, groups, classrooms, equipment, subjects, teacherSubjects] as unknown as AnyDescriptor[];

function useEntity(): AnyDescriptor {
  const find = () => ENTITIES.find((entity) => entity.id === hashParam('entity')) ?? ENTITIES[0];
  const [entity, setEntity] = useState(find);
  useEffect(() => {
    const follow = () => setEntity(find());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return entity;
}

export default function ReferenceData() {
  const entity = useEntity();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Справочники</h1>
      <nav class="entity-tabs" aria-label="Справочники">
        <ul>
          {ENTITIES.map((item) => (
            <li key={item.id}>
              <a href={`#reference-data?entity=${item.id}`} aria-current={item.id === entity.id ? 'page' : undefined}>
                {item.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <EntityDesk key={entity.id} descriptor={entity} />
    </section>
  );
}
