import { useEffect, useState } from 'react';
import { Alert, Button, List, ListItem, ListItemText, Paper } from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FormerEmployeeRecord } from '@teamfolk/shared/contracts';
import { formatShortDate } from '../format/dates';
import { AdminOnly } from '../layout/AdminOnly';
import { EmptyState } from '../layout/EmptyState';
import { Page } from '../layout/Page';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

/**
 * /dashboard/former-employees (admins): the people the company removed, whose personal data it still
 * keeps, each with "Erase personal data" behind a confirmation (GDPR Art. 17). Its own chunk.
 */
export default function FormerEmployeesPage() {
  return (
    <AdminOnly resource="formerEmployees">
      <FormerEmployees />
    </AdminOnly>
  );
}

function FormerEmployees() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [people, setPeople] = useState<FormerEmployeeRecord[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [erasing, setErasing] = useState<FormerEmployeeRecord | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    dataProvider.getFormerEmployees({ signal: controller.signal }).then(
      ({ data }) => setPeople(data),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setLoadError(errorMessage(error, translate('app.privacy.formerEmployees.loadFailed')));
      },
    );
    return () => controller.abort();
  }, [dataProvider, translate]);

  const erased = (id: number) => setPeople((current) => current?.filter((person) => person.id !== id) ?? null);

  return (
    <Page
      title={translate('app.privacy.formerEmployees.title')}
      back={{ to: '/dashboard/employees', label: translate('app.privacy.formerEmployees.back') }}
    >
      <Alert severity="info" sx={{ mb: 2, maxWidth: 760 }}>
        {translate('app.privacy.formerEmployees.intro')}
      </Alert>
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {people?.length === 0 && (
        <EmptyState
          icon={<PersonOffIcon />}
          title={translate('app.privacy.formerEmployees.title')}
          message={translate('app.privacy.formerEmployees.empty')}
        />
      )}
      {people && people.length > 0 && (
        <Paper variant="outlined" sx={{ maxWidth: 760 }}>
          <List aria-label={translate('app.privacy.formerEmployees.title')}>
            {people.map((person) => (
              <ListItem
                key={person.id}
                divider
                secondaryAction={
                  <Button color="error" startIcon={<DeleteForeverIcon />} onClick={() => setErasing(person)}>
                    {translate('app.privacy.formerEmployees.erase')}
                  </Button>
                }
                sx={{ pr: { xs: 2, sm: 28 }, flexWrap: 'wrap' }}
              >
                <ListItemText
                  primary={person.name}
                  secondary={`${person.email} · ${translate('app.privacy.formerEmployees.removedOn', {
                    date: formatShortDate(person.removed_at.slice(0, 10)),
                  })}`}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {erasing && <EraseConfirm person={erasing} onClose={() => setErasing(null)} onErased={erased} />}
    </Page>
  );
}

function EraseConfirm({
  person,
  onClose,
  onErased,
}: {
  person: FormerEmployeeRecord;
  onClose: () => void;
  onErased: (id: number) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [erasing, setErasing] = useState(false);

  async function erase() {
    setErasing(true);
    try {
      const { data: reply } = await dataProvider.eraseFormerEmployee(person.id);
      notify(reply.message, { type: 'success' });
      onErased(person.id);
      onClose();
    } catch (error) {
      notify(errorMessage(error, translate('app.privacy.formerEmployees.eraseFailed')), { type: 'error' });
    } finally {
      setErasing(false);
    }
  }

  return (
    <Confirm
      isOpen
      loading={erasing}
      title="app.privacy.formerEmployees.confirmTitle"
      content="app.privacy.formerEmployees.confirmText"
      translateOptions={{ name: person.name }}
      confirm="app.privacy.formerEmployees.confirm"
      cancel="app.privacy.formerEmployees.cancel"
      confirmColor="warning"
      ConfirmIcon={DeleteForeverIcon}
      onConfirm={() => void erase()}
      onClose={onClose}
    />
  );
}
