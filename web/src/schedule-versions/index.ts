// What the schedule-versions section offers other sections: the diff of a draft against its published
// version, and the dialog that deletes a never-published draft.
export { VersionDiff } from './diff-view';
export { RemoveVersion } from './remove-version';
