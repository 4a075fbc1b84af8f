import { Suspense, use, useState } from 'react';
import { Alert, Box, Button, Divider, Link, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { periodText, teamTexts, type DecisionPageReply, type LeaveSavedReply } from '@teamfolk/shared/contracts';
import { describeLeave } from '@teamfolk/shared/rules';
import { ApiRequestError, errorMessage } from '../providers/apiError';
import { dataProvider } from '../providers/dataProvider';
import { en } from '../i18n/en';
import { AuthLayout } from './AuthLayout';
import { AuthOutcome, AuthPending } from './AuthStatus';
import { oncePerToken } from './oncePerToken';

type OpenLink = Extract<DecisionPageReply, { state: 'open' }>;
type DeadLink = Exclude<DecisionPageReply, OpenLink>;

/** The page is read once per load: a GET shows the request and never decides it. */
const readLinkOnce = oncePerToken((token) =>
  dataProvider.getDecisionLink(token).then(
    ({ data }) => data,
    (error: unknown): DeadLink => ({
      state: 'unknown',
      message: errorMessage(error, teamTexts.decisionLinkUnknown),
      console_url: '/dashboard/leaves',
    }),
  ),
);

/**
 * The page an e-mail's Approve or Reject button opens (issue 30): the request, its days, the balance
 * after it, who else is out and the coverage warnings, and one button that decides (a POST). A used
 * or dead link says what happened and links to the console.
 */
export function DecisionPage() {
  const { token = '' } = useParams();
  return (
    <AuthLayout>
      <title>{`${teamTexts.decisionPageHeading} · ${en.app.name}`}</title>
      <meta name="robots" content="noindex" />
      <Suspense
        fallback={<AuthPending heading={teamTexts.decisionPageHeading} message={teamTexts.decisionPageLoading} />}
      >
        <DecisionLink token={token} reply={readLinkOnce(token)} />
      </Suspense>
    </AuthLayout>
  );
}

function DecisionLink({ token, reply }: { token: string; reply: Promise<DecisionPageReply> }) {
  const link = use(reply);
  const [outcome, setOutcome] = useState<{ decided: LeaveSavedReply } | { dead: DeadLink } | { failed: string }>();
  if (link.state !== 'open') return <DeadLinkNotice link={link} />;
  if (outcome && 'dead' in outcome) return <DeadLinkNotice link={outcome.dead} />;
  if (outcome && 'decided' in outcome)
    return (
      <AuthOutcome tone="success" heading={teamTexts.decisionPageDone}>
        <Typography>{outcome.decided.message}</Typography>
        <ConsoleLink url="/dashboard/leaves" />
      </AuthOutcome>
    );

  const decide = () =>
    dataProvider.decideFromLink(token, link.approved).then(
      ({ data }) => setOutcome({ decided: data }),
      (error: unknown) => {
        const body = error instanceof ApiRequestError ? error.body : {};
        if (typeof body.state === 'string' && typeof body.console_url === 'string')
          setOutcome({ dead: body as unknown as DeadLink });
        else setOutcome({ failed: errorMessage(error, teamTexts.decisionPageFailed) });
      },
    );
  return (
    <OpenLinkDetails
      link={link}
      failed={outcome && 'failed' in outcome ? outcome.failed : undefined}
      onDecide={decide}
    />
  );
}

function OpenLinkDetails({
  link,
  failed,
  onDecide,
}: {
  link: OpenLink;
  failed?: string;
  onDecide: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const { request } = link;
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {`${teamTexts.decisionPageHeading}: ${request.employee_name}`}
      </Typography>
      <Typography>{describeLeave(request)}</Typography>
      {request.reason ? <Typography color="text.secondary">{request.reason}</Typography> : null}
      <Typography>{`${teamTexts.decisionPageDays}: ${request.days_count}`}</Typography>
      {link.balance_after === null ? null : (
        <Typography>{`${teamTexts.decisionPageBalanceAfter}: ${link.balance_after}`}</Typography>
      )}
      <Divider />
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {teamTexts.decisionPageColleaguesOut}
      </Typography>
      {link.colleagues_out.length === 0 ? (
        <Typography color="text.secondary">{teamTexts.decisionPageNobodyOut}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {link.colleagues_out.map((colleague) => (
            <li key={colleague.employee_id}>
              {`${colleague.name}: ${colleague.dates.map((range) => periodText(range.start, range.end)).join(', ')}`}
            </li>
          ))}
        </Box>
      )}
      {link.warnings.map((warning) => (
        <Alert key={warning} severity="warning">
          {warning}
        </Alert>
      ))}
      {failed ? <Alert severity="error">{failed}</Alert> : null}
      <Button
        variant="contained"
        size="large"
        color={link.approved ? 'success' : 'error'}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onDecide().finally(() => setBusy(false));
        }}
      >
        {link.approved ? teamTexts.decisionPageApprove : teamTexts.decisionPageReject}
      </Button>
      <ConsoleLink url="/dashboard/leaves" />
    </Stack>
  );
}

function DeadLinkNotice({ link }: { link: DeadLink }) {
  return (
    <AuthOutcome tone="error" heading={teamTexts.decisionPageHeading}>
      <Alert severity="info" sx={{ width: '100%', textAlign: 'left' }}>
        {link.message}
      </Alert>
      <ConsoleLink url={link.console_url} />
    </AuthOutcome>
  );
}

function ConsoleLink({ url }: { url: string }) {
  return (
    <Link href={url} underline="hover">
      {teamTexts.decisionLinkOpenConsole}
    </Link>
  );
}
