import { z } from 'zod';
import { isoDate } from './employees';
import {
  REQUEST_TYPES,
  leaveDecisionSchema,
  type LeaveRequestRecord,
  type LeaveSavedReply,
  type RequestType,
} from './leaves';
import { nameText } from './names';
import { blackoutTexts, teamTexts } from './team-texts';

/**
 * Teams and approvers (issue 30): teams, blackout periods, the leave preview, approval with an
 * override, e-mail decision links and the e-mail preference. Snake case, as the API speaks.
 *
 * An approver is an employee (approver_ids are employee ids) who decides the requests of the teams
 * they approve for, never their own; admins decide any request. Each employee is in at most one team.
 */

/** Ids are Postgres integers: a larger number bound to an integer column would fail the query. */
const MAX_ID = 2_147_483_647;

const entityId = (field: string) =>
  z
    .number({ error: `${field} must be an id` })
    .int(`${field} must be an id`)
    .positive(`${field} must be an id`)
    .max(MAX_ID, `${field} must be an id`);

/** An id in a query string (text there). */
export const queryId = (field: string) =>
  z.coerce
    .number({ error: `${field} must be an id` })
    .int(`${field} must be an id`)
    .positive(`${field} must be an id`)
    .max(MAX_ID, `${field} must be an id`);

/** The largest cap a team may set: more than any small business's team, and an int4 with room. */
export const MAX_TEAM_ABSENT = 1_000;
export const MAX_TEAM_APPROVERS = 20;

const teamFields = {
  name: nameText('name', 80),
  approver_ids: z
    .array(entityId('approver_ids[]'), { error: 'approver_ids must be a list of employee ids' })
    .max(MAX_TEAM_APPROVERS, `approver_ids may name at most ${MAX_TEAM_APPROVERS} approvers`)
    .refine((ids) => new Set(ids).size === ids.length, teamTexts.duplicateApprover),
  /** At most this many of the team away on any working day; null: no cap. */
  max_absent: z
    .number({ error: 'max_absent must be a whole number of people, or null' })
    .int('max_absent must be a whole number of people, or null')
    .min(1, 'max_absent must be at least 1 (or null: no cap)')
    .max(MAX_TEAM_ABSENT, `max_absent cannot be above ${MAX_TEAM_ABSENT}`)
    .nullable(),
};

/** POST /api/teams: a name; no approver and no cap by default. Whether the approvers are the company's employees is the caller's check. */
export const teamInputSchema = z.object({
  name: teamFields.name,
  approver_ids: teamFields.approver_ids.default([]),
  max_absent: teamFields.max_absent.default(null),
});
export type TeamInput = z.input<typeof teamInputSchema>;
export type TeamParsed = z.output<typeof teamInputSchema>;

/** PUT /api/teams/:id: any of the fields; an absent field keeps its value. */
export const teamUpdateSchema = z.object(teamFields).partial();
export type TeamUpdate = z.output<typeof teamUpdateSchema>;

/** A team as every teams route returns it. */
export interface TeamRecord {
  id: number;
  name: string;
  /** Employee ids, in the order the admin gave them. */
  approver_ids: number[];
  max_absent: number | null;
  member_count: number;
}

/** A team the signed-in user approves for (`approvesTeams` of GET /api/auth/me). */
export interface ApprovedTeam {
  id: number;
  name: string;
}

/** `team_id` of an employee (list, record, create, update): null, or absent on create, is no team. */
export const employeeTeamField = { team_id: entityId('team_id').nullable() };

/** `?team_id=` of GET /api/employees, /api/calendar/events and the reports. */
export const teamFilterSchema = z.object({ team_id: queryId('team_id').optional() });
export type TeamFilter = z.output<typeof teamFilterSchema>;

/** `?to_decide=true` of GET /api/leaves: only the pending requests the caller may decide. */
export const toDecideFilterSchema = z.object({
  to_decide: z
    .enum(['true', 'false'], { error: 'to_decide must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** PUT /api/leaves/:id/approve: `override` approves past the team's cap (audited); absent: false. */
export const leaveApprovalSchema = leaveDecisionSchema.extend({
  override: z.boolean({ error: 'override must be true or false' }).default(false),
});
export type LeaveApprovalInput = z.input<typeof leaveApprovalSchema>;

/* Blackout periods */

/** Request types a blackout may block: sick days never are. */
export const BLOCKABLE_REQUEST_TYPES = REQUEST_TYPES.filter(
  (type): type is Exclude<RequestType, 'sick_day'> => type !== 'sick_day',
);
export type BlockableRequestType = (typeof BLOCKABLE_REQUEST_TYPES)[number];
export const DEFAULT_BLACKOUT_REQUEST_TYPES: readonly BlockableRequestType[] = ['vacation', 'hours_bank'];
/** The longest blackout period: a year, as the longest leave request. */
export const MAX_BLACKOUT_SPAN_DAYS = 366;

/** POST /api/blackouts. Whether team_id is one of the company's teams is the caller's check. */
export const blackoutInputSchema = z
  .object({
    start_date: isoDate('start_date'),
    end_date: isoDate('end_date'),
    /** null or absent: company-wide. */
    team_id: entityId('team_id').nullable().default(null),
    reason: nameText('reason', 200),
    request_types: z
      .array(
        z.enum(REQUEST_TYPES, { error: `request_types must list some of: ${BLOCKABLE_REQUEST_TYPES.join(', ')}` }),
        {
          error: `request_types must list some of: ${BLOCKABLE_REQUEST_TYPES.join(', ')}`,
        },
      )
      .min(1, blackoutTexts.noRequestType)
      .refine((types) => !types.includes('sick_day'), blackoutTexts.sickNeverBlocked)
      .transform((types) => [...new Set(types)] as BlockableRequestType[])
      .default([...DEFAULT_BLACKOUT_REQUEST_TYPES]),
  })
  .superRefine((input, ctx) => {
    if (input.end_date < input.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: blackoutTexts.endBeforeStart });
    else if (
      (Date.parse(`${input.end_date}T00:00:00Z`) - Date.parse(`${input.start_date}T00:00:00Z`)) / 86_400_000 >=
      MAX_BLACKOUT_SPAN_DAYS
    )
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: blackoutTexts.spanTooLong });
  });
export type BlackoutInput = z.input<typeof blackoutInputSchema>;
export type BlackoutParsed = z.output<typeof blackoutInputSchema>;

/** A blackout period as the blackout routes return it (everyone may list them). */
export interface BlackoutRecord {
  id: number;
  start_date: string;
  end_date: string;
  /** null: company-wide. */
  team_id: number | null;
  reason: string;
  request_types: BlockableRequestType[];
}

/* Who else is out, coverage, the preview */

/** A colleague out on some of a request's days: their dates only, never a reason or a request type. */
export interface ColleagueOut {
  employee_id: number;
  name: string;
  /** Their approved leave touching the request's days, overlapping and adjacent requests merged, in order. */
  dates: Array<{ start: string; end: string }>;
}

/**
 * POST /api/leaves/preview: the submission's fields (leaveRequestInputSchema) in, this out, nothing
 * written; it refuses what the submission would refuse (a blackout period, a balance) with the same 4xx.
 */
export interface LeavePreviewReply {
  /** Working days, as the request's days_count would be. */
  days_count: number;
  /** Hours, as the request's hours_count would be. */
  hours_count: number;
  /**
   * The balance the request draws on, after it (days; hours for the bank), as available on the
   * request's first day; across a leave year's end, the lower of its years' figures. null for 'other'.
   */
  balance_after: number | null;
  /** Coverage sentences, one per day over the team's cap; empty when none (always for sick days). */
  warnings: string[];
  colleagues_out: ColleagueOut[];
}

/** POST /api/leaves answers the saved request plus the coverage warnings the preview showed. */
export interface LeaveSubmittedReply extends LeaveSavedReply {
  warnings: string[];
}

/* Decisions from the e-mail */

/** A decision link is dead this long after it was sent, and as soon as its request is decided. */
export const DECISION_LINK_TTL_DAYS = 7;

/** `:token` of /decide/:token and /api/decisions/:token (URL-safe, as e-mail tokens). */
export const decisionTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, teamTexts.decisionLinkUnknown);

/** What a decision link is: usable, or why not (the page says so and links to the console). */
export const DECISION_LINK_STATES = ['open', 'used', 'decided', 'expired', 'unknown'] as const;
export type DecisionLinkState = (typeof DECISION_LINK_STATES)[number];

/** GET /api/decisions/:token: shows, never decides. Details only while the link is open. */
export type DecisionPageReply =
  | {
      state: 'open';
      request: LeaveRequestRecord;
      /** The owner's balance after the request (days; hours for the bank); null for 'other'. */
      balance_after: number | null;
      colleagues_out: ColleagueOut[];
      warnings: string[];
      /** What the link decides when posted: the e-mail's Approve or Reject button. */
      approved: boolean;
      expires_at: string;
    }
  | { state: Exclude<DecisionLinkState, 'open'>; message: string; console_url: string };

/** POST /api/decisions/:token: decides (once) as the link's approver; override as on the approve route. */
export const decisionPostSchema = leaveApprovalSchema;

/* E-mail preference */

/** Immediate e-mails, or one digest a day, of the requests a user decides. */
export const DECISION_EMAIL_PREFERENCES = ['immediate', 'daily'] as const;
export type DecisionEmailPreference = (typeof DECISION_EMAIL_PREFERENCES)[number];
export const DEFAULT_DECISION_EMAIL_PREFERENCE: DecisionEmailPreference = 'immediate';
/** The daily digest goes out at this time of the company's time zone. */
export const DECISION_DIGEST_LOCAL_TIME = '08:00';

/** GET and PUT /api/auth/email-preference answer the user's choice. */
export interface DecisionEmailPreferenceReply {
  decision_emails: DecisionEmailPreference;
}

/** The account page's e-mail preference (PUT /api/auth/email-preference). */
export const decisionEmailPreferenceSchema = z.object({
  decision_emails: z.enum(DECISION_EMAIL_PREFERENCES, {
    error: `decision_emails must be one of: ${DECISION_EMAIL_PREFERENCES.join(', ')}`,
  }),
});

/** A pending request reminds its deciders once, this many working days (the company's) after it arrived. */
export const REMINDER_AFTER_WORKING_DAYS = 2;
