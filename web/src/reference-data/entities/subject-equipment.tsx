// What a subject's lessons need in their room, by lesson type (issues 43 and 45 §5): laboratory works
// of «Физика» only in rooms with «Осциллограф», say. Rule checks, validation, the rule editor's free
// rooms and «Составить расписание» keep such lessons in rooms that have it.
import { api, data, type Schemas } from '../../api/client';
import { ApiFormFrame, useApiForm } from '../../shared/form';
import { useMe } from '../../shared/session';
import { ErrorLine, Status, useId, useLoad } from '../../shared/ui';

type Subject = Schemas['SubjectResponse'];
type Requirements = Schemas['SubjectEquipmentResponse']['requirements'];
/** Chosen equipment ids by lesson type id (as a string key). */
type Values = Record<string, number[]>;

const WRITERS = ['ADMIN', 'EDUCATION_OFFICE'];

export function SubjectEquipment({ subject }: { subject: Subject }) {
  const loaded = useLoad(
    () =>
      Promise.all([
        data(api.GET('/api/lesson-types')),
        data(api.GET('/api/equipments')),
        data(api.GET('/api/subjects/{id}/equipment', { params: { path: { id: subject.id } } })),
      ]),
    [subject.id],
  );
  if (loaded.state === 'loading') return <Status>Загрузка требований…</Status>;
  if (loaded.state === 'error') return <ErrorLine message={loaded.message} />;
  const [types, equipment, current] = loaded.data;
  return <RequirementsForm subject={subject} types={types} equipment={equipment} current={current.requirements} />;
}

function RequirementsForm({
  subject,
  types,
  equipment,
  current,
}: {
  subject: Subject;
  types: Schemas['LessonTypeResponse'][];
  equipment: Schemas['EquipmentResponse'][];
  current: Requirements;
}) {
  const me = useMe();
  const canWrite = WRITERS.includes(me.role);
  const initial: Values = Object.fromEntries(types.map((type) => [String(type.id), current.find((item) => item.lessonTypeId === type.id)?.equipments.map((item) => item.id) ?? []]));
  // The request lists only the types with equipment, in the types' order: an error's index names one of them.
  let sent: number[] = [];
  const form = useApiForm<Values>({
    initial,
    send: async (values) => {
      const requirements = types.filter((type) => values[String(type.id)].length > 0).map((type) => ({ lessonTypeId: type.id, equipmentIds: values[String(type.id)] }));
      sent = requirements.map((requirement) => requirement.lessonTypeId);
      const saved = await data(api.PUT('/api/subjects/{id}/equipment', { params: { path: { id: subject.id } }, body: { requirements } }));
      const described = saved.requirements.map((item) => `${item.lessonTypeName.toLowerCase()}: ${item.equipments.map((one) => one.name).join(', ')}`);
      return described.length > 0 ? `Сохранено: ${described.join('; ')}` : 'Сохранено: особого оборудования не требуется';
    },
    fields: (path) => {
      const index = /^requirements\[(\d+)\]/.exec(path)?.[1];
      return index === undefined ? undefined : String(sent[Number(index)]);
    },
  });
  const body = (
    <div class="equipment-requirements">
      <p class="hint">{`Занятия дисциплины «${subject.name}» этого вида ставятся только в аудитории со всем отмеченным оборудованием (онлайн-занятия — в любые).`}</p>
      {equipment.length === 0 ? <p class="hint">Справочник оборудования пуст: добавьте оборудование в разделе «Оборудование».</p> : null}
      {types.map((type) => (
        <TypeChoice
          key={type.id}
          type={type}
          equipment={equipment}
          chosen={form.values[String(type.id)]}
          error={form.errorAt(String(type.id))}
          disabled={!canWrite}
          onChange={(ids) => form.set(String(type.id), ids)}
        />
      ))}
    </div>
  );
  if (!canWrite) return body;
  return (
    <ApiFormFrame form={form} label={`Оборудование для занятий: ${subject.name}`} submitText="Сохранить требования">
      {body}
    </ApiFormFrame>
  );
}

function TypeChoice({
  type,
  equipment,
  chosen,
  error,
  disabled,
  onChange,
}: {
  type: Schemas['LessonTypeResponse'];
  equipment: Schemas['EquipmentResponse'][];
  chosen: number[];
  error?: string;
  disabled: boolean;
  onChange: (ids: number[]) => void;
}) {
  const id = useId('equipment-type');
  return (
    <fieldset class={error ? 'field-invalid' : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{type.name}</legend>
      {equipment.map((item) => (
        <label key={item.id} class="check">
          <input
            type="checkbox"
            disabled={disabled}
            checked={chosen.includes(item.id)}
            onChange={(event) => onChange(event.currentTarget.checked ? [...chosen, item.id] : chosen.filter((one) => one !== item.id))}
          />
          {item.name}
        </label>
      ))}
      {error ? <ErrorLine id={`${id}-error`} message={error} /> : null}
    </fieldset>
  );
}
