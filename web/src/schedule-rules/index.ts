// What the schedule-rules section offers other sections: «Действует с» of a change to the published
// version (issue 53), its default and the question asked when the date lies before tomorrow.
export { changesPast, defaultEffectiveFrom, EffectiveFromField, pastQuestion, type SemesterDays } from './effective-from';
