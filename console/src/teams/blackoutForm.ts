import {
  blackoutInputSchema,
  DEFAULT_BLACKOUT_REQUEST_TYPES,
  type BlackoutParsed,
  type BlockableRequestType,
} from '@teamfolk/shared/contracts';

/** What the blackout form edits: '' is company-wide (no team). */
export interface BlackoutFormValues {
  start_date: string;
  end_date: string;
  team_id: number | '';
  reason: string;
  request_types: BlockableRequestType[];
}

export type BlackoutFieldErrors = Partial<Record<keyof BlackoutFormValues, string>>;

export const newBlackoutDefaults = (today: string): BlackoutFormValues => ({
  start_date: today,
  end_date: today,
  team_id: '',
  reason: '',
  request_types: [...DEFAULT_BLACKOUT_REQUEST_TYPES],
});

/** The body of POST /blackouts, checked with the API's own schema, each message on its field. */
export function toBlackoutPayload(
  values: BlackoutFormValues,
): { ok: true; payload: BlackoutParsed } | { ok: false; errors: BlackoutFieldErrors } {
  const parsed = blackoutInputSchema.safeParse({ ...values, team_id: values.team_id === '' ? null : values.team_id });
  if (parsed.success) return { ok: true, payload: parsed.data };
  const errors: BlackoutFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof BlackoutFormValues;
    if (typeof field === 'string' && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
