// What the schedule-view section offers other sections: the group, teacher or classroom lookup with its week.
export { ScheduleLookup } from './schedule-lookup';
