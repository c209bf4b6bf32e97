// What the schedule-versions section offers other sections: the diff of a draft against its published
// version, and the dialog that deletes a never-published draft.
export { VersionDiff } from './diff-view';
export { RemoveVersion } from './remove-version';
// A version's week grid (issue 54 §4, §5): a solver's result beside its source, lessons of a draft moved by hand.
export { VersionWeeks } from './version-week-grid';
