import type { Sequelize } from 'sequelize';
import {
  balanceKindOf,
  colleaguesOut,
  countLeave,
  coverageConflicts,
  coverageWarnings,
  DEFAULT_WORK_PATTERN,
  runAsCompany,
  teamTexts,
  type DecisionLinkState,
  type DecisionPageReply,
  type LeaveApprovalInput,
  type LeaveRequestRecord,
  type LeaveSavedReply,
  type PersonCalendar,
} from '@teamfolk/shared';
import { hashToken } from '../auth/tokens';
import type { BalancesService } from '../balances/balances.service';
import { publicHolidays } from '../calendar/holidays';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../http/types';
import type { LeavesService } from '../leaves/leaves.service';
import { DecisionsRepository, type FoundDecisionLink } from './decisions.repository';

const DEAD_MESSAGES: Record<Exclude<DecisionLinkState, 'open'>, string> = {
  unknown: teamTexts.decisionLinkUnknown,
  used: teamTexts.decisionLinkUsed,
  decided: teamTexts.decisionLinkDecided,
  expired: teamTexts.decisionLinkExpired,
};

/** What the public decision page answers for a link that decides nothing (any more). */
type DeadLink = Extract<DecisionPageReply, { state: Exclude<DecisionLinkState, 'open'> }>;

/** A POST to a dead link: 404 for no link, 410 for one that was used, outlived or overtaken; the page's fields with it. */
const deadLinkError = (reply: DeadLink) => new HttpError(reply.state === 'unknown' ? 404 : 410, reply.message, reply);

/**
 * Deciding a request from the e-mail (issue 30): the link is the credential, bound to one approver
 * and one request. GET shows and never decides (link scanners and previews open links); POST decides
 * once, as that approver, with the rules of PUT /api/leaves/:id/approve (LeavesService.decide).
 */
export class DecisionsService {
  private readonly repository: DecisionsRepository;

  constructor(
    sequelize: Sequelize,
    private readonly appUrl: string,
    private readonly leaves: LeavesService,
    private readonly balances: BalancesService,
  ) {
    this.repository = new DecisionsRepository(sequelize);
  }

  async show(token: string): Promise<DecisionPageReply> {
    return this.withLink(token, async (link) => {
      const dead = this.deadState(link);
      if (dead || !link) return dead ?? this.dead('unknown');
      return { state: 'open', ...(await this.details(link)) };
    });
  }

  async decide(token: string, input: LeaveApprovalInput, requestId: string): Promise<LeaveSavedReply> {
    return this.withLink(token, async (link) => {
      const dead = this.deadState(link);
      if (dead || !link) throw deadLinkError(dead ?? this.dead('unknown'));
      if (input.approved !== link.approved)
        throw new HttpError(400, link.approved ? teamTexts.decisionLinkApproves : teamTexts.decisionLinkRejects, {
          field: 'approved',
        });
      const approver: AuthContext = {
        userId: link.approver.userId,
        companyId: link.companyId,
        role: link.approver.role,
        emailVerified: link.approver.emailVerified,
        approvesTeams: link.approver.approvesTeams,
      };
      const decided = await this.leaves.decide(approver, link.leave.id, link.approved, requestId, {
        override: input.override ?? false,
      });
      // After the decision's own transaction: the request is decided now, so the link is dead either way.
      await this.repository.markUsed(link.companyId, link.tokenHash);
      return decided;
    });
  }

  /**
   * Runs `work` with the link, as its company (found as invitations are: through the token's hash
   * alone), or with null and as no company when there is no such link.
   */
  private async withLink<T>(token: string, work: (link: FoundDecisionLink | null) => Promise<T>): Promise<T> {
    const tokenHash = hashToken(token);
    const companyId = await this.repository.companyOfLink(tokenHash);
    if (companyId === null) return work(null);
    return runAsCompany(companyId, async () => work(await this.repository.find(companyId, tokenHash)));
  }

  /** Why a link decides nothing; null while it is open. */
  private deadState(link: FoundDecisionLink | null): DeadLink | null {
    if (!link || !link.approver.active) return this.dead('unknown', link?.leave);
    if (link.usedAt) return this.dead('used', link.leave);
    if (link.leave.status !== 'pending') return this.dead('decided', link.leave);
    if (link.expiresAt.getTime() <= link.now.getTime()) return this.dead('expired', link.leave);
    return null;
  }

  private dead(state: Exclude<DecisionLinkState, 'open'>, leave?: LeaveRequestRecord): DeadLink {
    const page = leave ? `/dashboard/leaves?focus=${leave.id}` : '/dashboard/leaves';
    return { state, message: DEAD_MESSAGES[state], console_url: new URL(page, this.appUrl).toString() };
  }

  /** The request, the owner's balance after it, who else is out and the team's coverage warnings. */
  private async details(
    link: FoundDecisionLink,
  ): Promise<Omit<Extract<DecisionPageReply, { state: 'open' }>, 'state'>> {
    const { leave, companyId } = link;
    const around = await this.repository.surroundings(companyId, leave);
    const holidays = publicHolidays(around.country, around.region, leave.start_date, leave.end_date);
    // The company's default week: the owner's own pattern is the leave preview's to apply.
    const calendar: PersonCalendar = {
      companyPattern: DEFAULT_WORK_PATTERN,
      holidays: new Set(holidays.map((holiday) => holiday.date)),
    };
    const days = countLeave(
      {
        leaveType: leave.leave_type,
        startDate: leave.start_date,
        endDate: leave.end_date,
        startTime: leave.start_time,
        endTime: leave.end_time,
      },
      calendar,
    ).perDay.map((day) => day.date);
    const teamLeave = around.colleaguesLeave.map((row) => ({
      employeeId: row.employee_id,
      name: row.name,
      period: { leaveType: 'full_day' as const, startDate: row.start_date, endDate: row.end_date },
    }));
    const warnings =
      leave.employee_id === null || around.teamId === null
        ? []
        : coverageWarnings(
            coverageConflicts({
              maxAbsent: around.maxAbsent,
              request: { employeeId: leave.employee_id, requestType: leave.request_type, days },
              teamLeave,
              calendarOf: () => calendar,
            }),
          );
    return {
      request: leave,
      balance_after: await this.balanceAfter(link),
      colleagues_out: colleaguesOut(leave.employee_id, days, teamLeave),
      warnings,
      approved: link.approved,
      expires_at: link.expiresAt.toISOString(),
    };
  }

  /**
   * What the owner would have left of the balance the request draws on, on its first day, once it is
   * approved; null for 'other' leave, an admin's own, or a day past the forecast.
   */
  private async balanceAfter({ leave, approver, companyId }: FoundDecisionLink): Promise<number | null> {
    const kind = balanceKindOf(leave.request_type);
    if (!kind || leave.employee_id === null) return null;
    const auth: AuthContext = { userId: approver.userId, companyId, role: approver.role, emailVerified: true };
    try {
      const balances = await this.balances.balancesOn(auth, leave.employee_id, leave.start_date);
      return balances[kind].available - (kind === 'bank' ? leave.hours_count : leave.days_count);
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) return null;
      throw error;
    }
  }
}
