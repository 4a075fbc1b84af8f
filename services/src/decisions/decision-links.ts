import { randomBytes } from 'node:crypto';
import { DECISION_LINK_TTL_DAYS } from '@teamfolk/shared';
import { hashToken } from '../auth/tokens';

/** A decision link as stored: the token's hash only. */
export interface DecisionLinkRow {
  companyId: number;
  leaveRequestId: number;
  approverUserId: number;
  tokenHash: string;
  approved: boolean;
  expiresAt: Date;
}

/** The Approve and Reject addresses of one decider's e-mail. */
export interface DecisionButtons {
  approve: string;
  reject: string;
}

export interface IssuedDecisionLinks {
  /** To be written in the transaction that writes the e-mails. */
  rows: DecisionLinkRow[];
  /** Each recipient's own buttons. */
  buttons: Map<number, DecisionButtons>;
}

/** The public page of a link: `${appUrl}/decide/<token>`. */
export const decisionPageUrl = (appUrl: string, token: string) => new URL(`/decide/${token}`, appUrl).toString();

/**
 * One link per decider and button of a request: Approve and Reject, each single use, bound to that
 * user and that request, dead DECISION_LINK_TTL_DAYS after `now`. The recipients are the users the
 * "leave submitted" e-mail goes to (the admins today; the routed approvers once requests are routed).
 */
export function issueDecisionLinks({
  companyId,
  leaveRequestId,
  recipientUserIds,
  appUrl,
  now,
}: {
  companyId: number;
  leaveRequestId: number;
  recipientUserIds: readonly number[];
  appUrl: string;
  now: Date;
}): IssuedDecisionLinks {
  const expiresAt = new Date(now.getTime() + DECISION_LINK_TTL_DAYS * 24 * 3600 * 1000);
  const rows: DecisionLinkRow[] = [];
  const buttons = new Map<number, DecisionButtons>();
  for (const approverUserId of new Set(recipientUserIds)) {
    const urls = { approve: '', reject: '' };
    for (const approved of [true, false]) {
      const token = randomBytes(32).toString('base64url');
      rows.push({ companyId, leaveRequestId, approverUserId, tokenHash: hashToken(token), approved, expiresAt });
      urls[approved ? 'approve' : 'reject'] = decisionPageUrl(appUrl, token);
    }
    buttons.set(approverUserId, urls);
  }
  return { rows, buttons };
}

/** A WITH clause writing `rows` as part of the caller's statement (its rows travel as the replacement `decisionLinkRows`). */
export function decisionLinkClause(replacements: Record<string, unknown>, rows: readonly DecisionLinkRow[]): string {
  replacements.decisionLinkRows = JSON.stringify(
    rows.map((row) => ({
      company_id: row.companyId,
      leave_request_id: row.leaveRequestId,
      approver_user_id: row.approverUserId,
      token_hash: row.tokenHash,
      approved: row.approved,
      expires_at: row.expiresAt.toISOString(),
    })),
  );
  return `decision_link_rows AS (
     INSERT INTO decision_links (company_id, leave_request_id, approver_user_id, token_hash, approved, expires_at)
     SELECT company_id, leave_request_id, approver_user_id, token_hash, approved, expires_at
       FROM jsonb_to_recordset(:decisionLinkRows::jsonb)
         AS link(company_id integer, leave_request_id integer, approver_user_id integer, token_hash text,
                 approved boolean, expires_at timestamptz))`;
}
