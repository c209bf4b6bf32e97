import { Foundation1763700000000 } from './1763700000000-Foundation';
import { StudyStructure1763800000000 } from './1763800000000-StudyStructure';
import { Resources1763800000100 } from './1763800000100-Resources';
import { TeacherRequests1763800000200 } from './1763800000200-TeacherRequests';
import { AcademicYears1763900000000 } from './1763900000000-AcademicYears';
import { TimeGrids1763900000100 } from './1763900000100-TimeGrids';
import { AcademicCalendars1763900000200 } from './1763900000200-AcademicCalendars';
import { ScheduleRules1764000000000 } from './1764000000000-ScheduleRules';
import { ScheduleDataStamp1764000000100 } from './1764000000100-ScheduleDataStamp';
import { OverridesAndVersionHistory1764100000000 } from './1764100000000-OverridesAndVersionHistory';
import { VersionLineage1764100000100 } from './1764100000100-VersionLineage';
import { TeacherAvailability1764200000000 } from './1764200000000-TeacherAvailability';
import { TeacherChangeRequests1764300000000 } from './1764300000000-TeacherChangeRequests';
import { TenantIdentity1764300000100 } from './1764300000100-TenantIdentity';
import { CalendarFeeds1764300000200 } from './1764300000200-CalendarFeeds';
import { PasswordEvents1764300000900 } from './1764300000900-PasswordEvents';
import { Notifications1764400000000 } from './1764400000000-Notifications';
import { Webhooks1764400000100 } from './1764400000100-Webhooks';
import { SingleSignOn1764500000000 } from './1764500000000-SingleSignOn';
import { UnplacedSlots1764600000000 } from './1764600000000-UnplacedSlots';
import { OptimizationJobs1764600000100 } from './1764600000100-OptimizationJobs';
import { LoginAddressThrottle1764700000000 } from './1764700000000-LoginAddressThrottle';
import { OwnLessonNotifications1764700200000 } from './1764700200000-OwnLessonNotifications';
import { StudentGroups1764700300000 } from './1764700300000-StudentGroups';
import { SubjectEquipment1764800000000 } from './1764800000000-SubjectEquipment';
import { DatedRulePeriods1764900000000 } from './1764900000000-DatedRulePeriods';
import { OptimizationStopReason1764900000500 } from './1764900000500-OptimizationStopReason';
import { UniversitySettings1764900100000 } from './1764900100000-UniversitySettings';
import { GroupSearchKey1764900200000 } from './1764900200000-GroupSearchKey';
import { SsoLoginStarts1764900500000 } from './1764900500000-SsoLoginStarts';
import { SolverFromDateAndLocks1765000000000 } from './1765000000000-SolverFromDateAndLocks';
import { FeedSequenceByPlacement1765000200000 } from './1765000200000-FeedSequenceByPlacement';
import { SolverSettings1765000400000 } from './1765000400000-SolverSettings';
import { GroupActiveTo1765100400000 } from './1765100400000-GroupActiveTo';

/** Every migration, in order. Listed explicitly so compiled and ts-jest runs load the same set. */
export const MIGRATIONS = [
  Foundation1763700000000,
  StudyStructure1763800000000,
  Resources1763800000100,
  TeacherRequests1763800000200,
  AcademicYears1763900000000,
  TimeGrids1763900000100,
  AcademicCalendars1763900000200,
  ScheduleRules1764000000000,
  ScheduleDataStamp1764000000100,
  OverridesAndVersionHistory1764100000000,
  VersionLineage1764100000100,
  TeacherAvailability1764200000000,
  TeacherChangeRequests1764300000000,
  TenantIdentity1764300000100,
  CalendarFeeds1764300000200,
  PasswordEvents1764300000900,
  Notifications1764400000000,
  Webhooks1764400000100,
  SingleSignOn1764500000000,
  UnplacedSlots1764600000000,
  OptimizationJobs1764600000100,
  LoginAddressThrottle1764700000000,
  OwnLessonNotifications1764700200000,
  StudentGroups1764700300000,
  SubjectEquipment1764800000000,
  DatedRulePeriods1764900000000,
  OptimizationStopReason1764900000500,
  UniversitySettings1764900100000,
  GroupSearchKey1764900200000,
  SsoLoginStarts1764900500000,
  SolverFromDateAndLocks1765000000000,
  FeedSequenceByPlacement1765000200000,
  SolverSettings1765000400000,
  GroupActiveTo1765100400000,
];
