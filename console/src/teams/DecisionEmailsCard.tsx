import { useEffect, useState } from 'react';
import { Alert, Button, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { DECISION_EMAIL_PREFERENCES, type DecisionEmailPreference } from '@teamfolk/shared/contracts';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { AccountCard } from '../account/AccountCard';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

type Loaded =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; value: DecisionEmailPreference };

/**
 * The account page's choice, for those who decide requests: an e-mail for each request, or one
 * digest a day (GET/PUT /api/auth/email-preference). Saved as soon as it is picked.
 */
export function DecisionEmailsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    dataProvider.getDecisionEmailPreference({ signal: controller.signal }).then(
      ({ data }) => setLoaded({ status: 'loaded', value: data.decision_emails }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({
            status: 'failed',
            message: errorMessage(error, translate('app.account.decisionEmails.loadFailed')),
          });
      },
    );
    return () => controller.abort();
  }, [dataProvider, attempt, translate]);

  async function choose(value: DecisionEmailPreference) {
    if (loaded.status !== 'loaded') return;
    const previous = loaded.value;
    setLoaded({ status: 'loaded', value });
    setSaving(true);
    try {
      const { data } = await dataProvider.saveDecisionEmailPreference(value);
      setLoaded({ status: 'loaded', value: data.decision_emails });
      notify(data.message || translate('app.account.decisionEmails.saved'), { type: 'success' });
    } catch (error) {
      setLoaded({ status: 'loaded', value: previous });
      notify(errorMessage(error, translate('app.account.decisionEmails.saveFailed')), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <AccountCard
      title={translate('app.account.decisionEmails.title')}
      intro={translate('app.account.decisionEmails.intro')}
    >
      {loaded.status === 'failed' && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((current) => current + 1)}>
              {translate('app.account.decisionEmails.retry')}
            </Button>
          }
        >
          {loaded.message}
        </Alert>
      )}
      {loaded.status !== 'failed' && (
        <RadioGroup
          aria-label={translate('app.account.decisionEmails.label')}
          value={loaded.status === 'loaded' ? loaded.value : ''}
          onChange={(event) => void choose(event.target.value as DecisionEmailPreference)}
          sx={{ mt: 1 }}
        >
          {DECISION_EMAIL_PREFERENCES.map((preference) => (
            <FormControlLabel
              key={preference}
              value={preference}
              control={<Radio />}
              disabled={loaded.status === 'loading' || saving}
              label={translate(`app.account.decisionEmails.${preference}`)}
            />
          ))}
        </RadioGroup>
      )}
    </AccountCard>
  );
}
