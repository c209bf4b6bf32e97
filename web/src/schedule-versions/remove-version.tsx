// Deleting a draft that was never published (issue 54 §4), from «Версии» and from a run's result.
import { api, data } from '../api/client';
import { Dialog, RemoveConfirm } from '../shared/dialog';

/** What the dialog needs of the version (a list row, or a run's result). */
export interface RemovableVersion {
  id: number;
  versionNumber: number;
  name: string;
  ruleCount: number;
}

/** «Удалить черновик …?» in the page's own dialog; a refusal (a run on it) stays in the dialog. */
export function RemoveVersion({ version, onClose, onDone }: { version: RemovableVersion; onClose: () => void; onDone: () => void }) {
  return (
    <Dialog title={`Удалить черновик №${version.versionNumber}`} open onClose={onClose}>
      <RemoveConfirm
        question={`Удалить черновик №${version.versionNumber} «${version.name}» со всеми его правилами (${version.ruleCount})? Это нельзя отменить; копии черновика останутся.`}
        run={() => data(api.DELETE('/api/edu-office/schedule/versions/{id}', { params: { path: { id: version.id } } }))}
        onDone={onDone}
      />
    </Dialog>
  );
}

