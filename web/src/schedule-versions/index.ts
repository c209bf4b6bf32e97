// What the schedule-versions section offers other sections: the diff of a draft against its published version.
export { VersionDiff } from './diff-view';
