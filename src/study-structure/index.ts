/**
 * Specialties, profiles, education forms, groups and subgroups (spec 4.18, 4.19): the only way in for
 * other features (the boundary lint refuses imports of this folder's files from outside it).
 */
export { StudyStructureModule } from './study-structure.module';
export { GroupsService } from './groups/groups.service';
export { GroupRequest } from './groups/dto/group.dto';
export { StudyGroups } from './groups/study-groups';
export { SubgroupsService } from './subgroups/subgroups.service';
export { SubgroupRequest } from './subgroups/dto/subgroup.dto';
export { GroupPlacementModule } from './student-groups/group-placement';
