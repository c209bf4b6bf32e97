// «Скачать: Excel / PDF / CSV» beside the week view: GET /api/schedule/export for the shown target and
// week. The API wants the bearer token, so a plain link cannot download: the file is fetched with the
// client (token, refresh) and handed to the browser through an object URL. A refusal shows the API's
// message next to the buttons.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client';
import { messageOf } from './errors';
import { ErrorLine, Status, useId } from './ui';

/** One thing to export: exactly one of the viewing targets (spec 4.5) and a name for the buttons. */
export interface DownloadTarget {
  /** «группа ГР-1», «вся кафедра»: what the buttons' accessible names say. */
  label: string;
  params: { groupId: number } | { teacherId: number } | { classroomId: number } | { departmentId: number };
}

const FORMATS = [
  { format: 'xlsx', name: 'Excel' },
  { format: 'pdf', name: 'PDF' },
  { format: 'csv', name: 'CSV' },
] as const;
type Format = (typeof FORMATS)[number]['format'];

/** The Russian file name of `filename*=UTF-8''…`, else the ASCII `filename`, else a plain one. */
function fileNameOf(disposition: string | null, format: Format): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name: fall back below
    }
  }
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? `schedule.${format}`;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; let it go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type State = { kind: 'idle' } | { kind: 'busy'; format: Format } | { kind: 'saved'; name: string } | { kind: 'error'; message: string };

function TargetDownloads({ target, startDate, endDate }: { target: DownloadTarget; startDate: string; endDate: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const labelId = useId('downloads');
  const key = `${JSON.stringify(target.params)}|${startDate}|${endDate}`;
  useEffect(() => setState({ kind: 'idle' }), [key]);

  const fetchFile = async (format: Format) => {
    setState({ kind: 'busy', format });
    try {
      const { data, response } = await api.GET('/api/schedule/export', { params: { query: { ...target.params, startDate, endDate, format } }, parseAs: 'blob' });
      const name = fileNameOf(response.headers.get('Content-Disposition'), format);
      save(data as Blob, name);
      setState({ kind: 'saved', name });
    } catch (error) {
      setState({ kind: 'error', message: messageOf(error) || 'Не удалось скачать файл' });
    }
  };

  return (
    <div class="download-row" role="group" aria-labelledby={labelId}>
      <span id={labelId} class="download-label">
        Скачать<span class="download-target">{` (${target.label})`}</span>:
      </span>
      {FORMATS.map(({ format, name }) => (
        <button
          type="button"
          key={format}
          aria-label={`Скачать ${name}: ${target.label}`}
          disabled={state.kind === 'busy'}
          aria-busy={state.kind === 'busy' && state.format === format ? 'true' : undefined}
          onClick={() => void fetchFile(format)}
        >
          {name}
        </button>
      ))}
      {state.kind === 'busy' ? <Status>Готовим файл…</Status> : null}
      {state.kind === 'saved' ? <Status>{`Файл «${state.name}» скачан`}</Status> : null}
      {state.kind === 'error' ? <ErrorLine message={state.message} /> : null}
    </div>
  );
}

/** The download buttons for the week `startDate`..`endDate` of each target (none while nothing is chosen). */
export function ScheduleDownloads({ targets, startDate, endDate }: { targets: DownloadTarget[]; startDate: string; endDate: string }) {
  if (targets.length === 0) return null;
  return (
    <div class="downloads" id="week-downloads">
      {targets.map((target) => (
        <TargetDownloads key={target.label} target={target} startDate={startDate} endDate={endDate} />
      ))}
    </div>
  );
}
