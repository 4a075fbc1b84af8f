import { accountsAndOutbox } from './0001-accounts-and-outbox';
import { subscriptions } from './0002-subscriptions';
import { leaveRequests } from './0003-leave-requests';
import { calendarSettings } from './0004-calendar-settings';
import { billing } from './0005-billing';
import { securityEvents } from './0006-security-events';
import { twoFactor } from './0007-two-factor';
import { rowLevelSecurity } from './0008-row-level-security';
import { opsMetrics } from './0009-ops-metrics';
import { dataRights } from './0011-data-rights';
import { calendarIndex } from './0012-calendar-index';
import { leaveStatusIndex } from './0013-leave-status-index';
import { employeeOverlapIndex } from './0014-employee-overlap-index';
import { securityEventRetention } from './0015-security-event-retention';
import { leaveOfInvitedPeople } from './0016-leave-of-invited-people';
import { forgetUnattributedSecurityEvents } from './0017-forget-unattributed-security-events';
import { calendarVersions } from './0018-calendar-versions';
import { companyVersions } from './0019-company-versions';
import { checkoutCompletion } from './0020-checkout-completion';
import { leaveYears } from './0021-leave-years';
import { timeCredits } from './0022-time-credits';
import { teams } from './0023-teams';
import { decisionLinks } from './0024-decision-links';
import { leaveDays } from './0025-leave-days';
import { keptDerivedEntries } from './0026-kept-derived-entries';
import { requestTeamFunction } from './0027-request-team-function';
import { previewVersions } from './0028-preview-versions';
import { keptYearClosing } from './0029-kept-year-closing';
import { ledgerSubjectFunction } from './0030-ledger-subject-function';
import { ledgerContextFunction } from './0031-ledger-context-function';
import { requestTeamByMembers } from './0032-request-team-by-members';

/** In order; a new migration is appended, never edited once landed. */
export const migrations = [
  accountsAndOutbox,
  subscriptions,
  leaveRequests,
  calendarSettings,
  billing,
  securityEvents,
  twoFactor,
  rowLevelSecurity,
  opsMetrics,
  dataRights,
  calendarIndex,
  leaveStatusIndex,
  employeeOverlapIndex,
  securityEventRetention,
  leaveOfInvitedPeople,
  forgetUnattributedSecurityEvents,
  calendarVersions,
  companyVersions,
  checkoutCompletion,
  leaveYears,
  timeCredits,
  teams,
  decisionLinks,
  leaveDays,
  keptDerivedEntries,
  requestTeamFunction,
  previewVersions,
  keptYearClosing,
  ledgerSubjectFunction,
  ledgerContextFunction,
  requestTeamByMembers,
];
