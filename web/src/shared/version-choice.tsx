// The semester and schedule version a planning-desk section works on («Правила», «Версии»,
// «Качество»): two selects at the top. The semester is the one of the version named in the address
// (`?versionId=`), else the current one (today inside it), else the newest; the version is the one
// asked for, else the published one, else the newest. Screens that change rules («Правила», «Импорт»)
// prefer the newest draft instead (issue 45 §2: the live timetable is changed only on purpose). A
// version named in the address later (a link followed while the screen is open) is opened too.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { hashParam, useHashParam } from './router';
import { ErrorLine, useId, useLoad } from './ui';

export type Version = Schemas['VersionResponse'];
type Semester = Schemas['SemesterListItem'];

export const VERSION_STATUS_NAMES: Record<Version['status'], string> = { DRAFT: 'черновик', PUBLISHED: 'опубликована', ARCHIVED: 'в архиве' };

/** «№3 «Осень» — черновик, правил: 12». */
export const versionLabel = (version: Version) => `№${version.versionNumber} «${version.name}» — ${VERSION_STATUS_NAMES[version.status]}, правил: ${version.ruleCount}`;

export const semesterLabel = (semester: Semester) => `${semester.academicYearTitle}, ${semester.semesterType === 'autumn' ? 'осенний' : 'весенний'}`;

export const numberParam = (name: string) => Number(hashParam(name)) || undefined;

export function useVersionChoice(options: { preferDraft?: boolean } = {}) {
  const semesters = useLoad(() => data(api.GET('/api/schedule/semesters')), []);
  const [semesterId, setSemesterId] = useState<number>();
  const [versionId, setVersionId] = useState<number | undefined>(numberParam('versionId'));
  const versions = useLoad(() => (semesterId ? data(api.GET('/api/edu-office/schedule/versions', { params: { query: { semesterId } } })) : Promise.resolve([])), [semesterId]);

  useEffect(() => {
    if (semesters.state !== 'done' || semesterId !== undefined || semesters.data.length === 0) return;
    const asked = versionId;
    if (asked) {
      data(api.GET('/api/edu-office/schedule/versions/{id}', { params: { path: { id: asked } } })).then(
        (version) => setSemesterId(version.semesterId),
        () => setSemesterId(semesters.data[0].id),
      );
      return;
    }
    const today = new Date().toISOString().slice(0, 10);
    setSemesterId((semesters.data.find((item) => item.startDate <= today && today <= item.endDate) ?? semesters.data[semesters.data.length - 1]).id);
  }, [semesters.state]);
  // A version named in the address after the screen opened (a link followed while it is open).
  const askedInAddress = Number(useHashParam('versionId')) || undefined;
  const firstAsked = useRef(askedInAddress);
  useEffect(() => {
    if (askedInAddress === firstAsked.current) return;
    firstAsked.current = undefined;
    if (!askedInAddress) return;
    data(api.GET('/api/edu-office/schedule/versions/{id}', { params: { path: { id: askedInAddress } } })).then(
      (version) => {
        setSemesterId(version.semesterId);
        setVersionId(version.id);
      },
      () => undefined, // an unknown version: the screen stays on the one it shows
    );
  }, [askedInAddress]);
  useEffect(() => {
    if (versions.state !== 'done' || versions.data.length === 0) return;
    if (versionId && versions.data.some((item) => item.id === versionId)) return;
    const drafts = versions.data.filter((item) => item.status === 'DRAFT').sort((a, b) => b.versionNumber - a.versionNumber);
    const published = versions.data.find((item) => item.status === 'PUBLISHED');
    setVersionId(((options.preferDraft ? drafts[0] : undefined) ?? published ?? versions.data[versions.data.length - 1]).id);
  }, [versions.state, versions.state === 'done' ? versions.data : null]);

  // The semester's last list is kept while it reloads after a change below it (a rule saved), so the
  // chosen version's screen, and the notice it shows, stay; another semester's list is not.
  const lastList = useRef<{ semesterId?: number; list: Version[] }>({ list: [] });
  if (versions.state === 'done') lastList.current = { semesterId, list: versions.data };
  const list = versions.state === 'done' ? versions.data : lastList.current.semesterId === semesterId ? lastList.current.list : [];
  return {
    semesters,
    semesterId,
    chooseSemester: (id: number) => (setSemesterId(id), setVersionId(undefined)),
    versions,
    list,
    versionId,
    setVersionId,
    version: list.find((item) => item.id === versionId),
    semester: semesters.state === 'done' ? semesters.data.find((item) => item.id === semesterId) : undefined,
  };
}

export type VersionChoice = ReturnType<typeof useVersionChoice>;

/** The semester select, and the version select unless `semesterOnly`. */
export function VersionChoiceFields({ choice, semesterOnly }: { choice: VersionChoice; semesterOnly?: boolean }) {
  const semesterField = useId('choice-semester');
  const versionField = useId('choice-version');
  const { semesters, versions } = choice;
  return (
    <>
      {semesters.state === 'error' ? <ErrorLine message={semesters.message} /> : null}
      <div class="controls">
        <div class="field">
          <label for={semesterField}>Семестр</label>
          <select id={semesterField} value={choice.semesterId ?? ''} onChange={(event) => choice.chooseSemester(Number(event.currentTarget.value))}>
            {semesters.state === 'done'
              ? semesters.data.map((semester) => (
                  <option key={semester.id} value={semester.id}>
                    {semesterLabel(semester)}
                  </option>
                ))
              : null}
          </select>
        </div>
        {semesterOnly ? null : (
          <div class="field">
            <label for={versionField}>Версия</label>
            <select id={versionField} value={choice.versionId ?? ''} onChange={(event) => choice.setVersionId(Number(event.currentTarget.value))}>
              {choice.list.map((item) => (
                <option key={item.id} value={item.id}>
                  {versionLabel(item)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {versions.state === 'error' ? <ErrorLine message={versions.message} /> : null}
    </>
  );
}
