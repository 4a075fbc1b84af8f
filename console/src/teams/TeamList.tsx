import { useState } from 'react';
import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import GroupsIcon from '@mui/icons-material/Groups';
import { nameListText, teamTexts, type TeamRecord } from '@teamfolk/shared/contracts';
import { Confirm, DataTable, TopToolbar, useDelete, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { AdminOnly } from '../layout/AdminOnly';
import { LiveSubscriptionOnly } from '../layout/LiveSubscriptionOnly';
import { Page } from '../layout/Page';
import { CardField, CardFields, RecordCardList } from '../layout/RecordCardList';
import {
  ListEmpty,
  ListLoadError,
  ResponsiveList,
  responsiveTableSx,
  stickyActionsColumnSx,
} from '../layout/ResponsiveList';
import { errorMessage } from '../providers/apiError';
import { TeamDialog } from './TeamDialog';
import { approverNames } from './teamForm';
import { useTeamDirectory } from './useTeamDirectory';
import { RowIconButton } from '../layout/RowIconButton';

/** /dashboard/teams (issue 30), for admins: each team with its members, approvers and cap. */
export function TeamList() {
  const translate = useTranslate();
  return (
    <AdminOnly resource="teams">
      <LiveSubscriptionOnly title={translate('resources.teams.name', { smart_count: 2 })}>
        <TeamListPage />
      </LiveSubscriptionOnly>
    </AdminOnly>
  );
}

function TeamListPage() {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
  const addButton = <AddTeamButton onClick={() => setCreating(true)} />;

  return (
    <Page title={translate('resources.teams.name', { smart_count: 2 })}>
      <ResponsiveList<TeamRecord>
        sort={{ field: 'name', order: 'ASC' }}
        exporter={false}
        actions={<TopToolbar>{addButton}</TopToolbar>}
        empty={
          <ListEmpty
            icon={<GroupsIcon />}
            title={translate('resources.teams.empty.title')}
            message={translate('resources.teams.empty.message')}
            action={addButton}
          />
        }
        error={
          <ListLoadError
            retryLabel={translate('resources.teams.list.retry')}
            message={(error) => errorMessage(error, teamTexts.fetchFailed)}
          />
        }
        fetchFailedMessage={teamTexts.fetchFailed}
        table={<TeamTable />}
        cards={<TeamCards />}
      />
      {creating && <TeamDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}

function AddTeamButton({ onClick }: { onClick: () => void }) {
  const translate = useTranslate();
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick}>
      {translate('resources.teams.actions.add')}
    </Button>
  );
}

function TeamTable() {
  return (
    <DataTable<TeamRecord> bulkActionButtons={false} rowClick={false} sx={responsiveTableSx}>
      <DataTable.Col<TeamRecord> source="name" sx={{ fontWeight: 600, minWidth: 120 }} />
      <DataTable.Col<TeamRecord> label="resources.teams.fields.members" disableSort render={() => <TeamMembers />} />
      <DataTable.Col<TeamRecord>
        source="approver_ids"
        disableSort
        render={() => <TeamApprovers />}
        sx={{ minWidth: 140 }}
      />
      <DataTable.Col<TeamRecord> source="max_absent" align="right" render={(team) => <TeamCap team={team} />} />
      <DataTable.Col<TeamRecord> source="member_count" align="right" />
      <DataTable.Col<TeamRecord>
        label="resources.teams.fields.actions"
        disableSort
        align="right"
        sx={stickyActionsColumnSx}
      >
        <TeamRowActions />
      </DataTable.Col>
    </DataTable>
  );
}

function TeamCards() {
  const translate = useTranslate();
  return (
    <RecordCardList<TeamRecord>
      label={translate('resources.teams.list.cardsLabel')}
      placeholderHeight={160}
      renderCard={(team) => (
        <Card component="li" variant="outlined">
          <CardContent sx={{ pb: 1 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {team.name}
            </Typography>
            <CardFields>
              <CardField label={translate('resources.teams.fields.members')}>
                <TeamMembers />
              </CardField>
              <CardField label={translate('resources.teams.fields.approver_ids')}>
                <TeamApprovers />
              </CardField>
              <CardField label={translate('resources.teams.fields.max_absent')}>
                <TeamCap team={team} />
              </CardField>
            </CardFields>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
            <TeamRowActions />
          </CardActions>
        </Card>
      )}
    />
  );
}

function Muted({ children }: { children: string }) {
  return (
    <Typography component="span" variant="inherit" color="text.secondary">
      {children}
    </Typography>
  );
}

function TeamMembers() {
  const team = useRecordContext<TeamRecord>();
  const translate = useTranslate();
  const { members } = useTeamDirectory();
  if (!team) return null;
  const names = (members.get(team.id) ?? []).map((member) => member.name);
  return names.length ? <>{nameListText(names)}</> : <Muted>{translate('resources.teams.list.noMembers')}</Muted>;
}

function TeamApprovers() {
  const team = useRecordContext<TeamRecord>();
  const translate = useTranslate();
  const { namesById } = useTeamDirectory();
  if (!team) return null;
  const names = approverNames(team, namesById);
  return names.length ? <>{nameListText(names)}</> : <Muted>{translate('resources.teams.list.noApprovers')}</Muted>;
}

function TeamCap({ team }: { team: TeamRecord }) {
  const translate = useTranslate();
  return team.max_absent === null ? (
    <Muted>{translate('resources.teams.list.noCap')}</Muted>
  ) : (
    <>{translate('resources.teams.list.cap', { smart_count: team.max_absent })}</>
  );
}

function TeamRowActions() {
  const team = useRecordContext<TeamRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const [deleteOne, { isPending }] = useDelete<TeamRecord>();
  if (!team) return null;

  async function confirmDelete(record: TeamRecord) {
    try {
      await deleteOne(
        'teams',
        { id: record.id, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(teamTexts.deleted, { type: 'success' });
      setOpen(null);
    } catch (error) {
      setOpen(null);
      notify(errorMessage(error, teamTexts.deleteFailed), { type: 'error' });
    }
  }

  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
      <RowIconButton
        tooltip={translate('resources.teams.actions.edit')}
        label={translate('resources.teams.actions.editLabel', { name: team.name })}
        icon={<EditIcon />}
        onClick={() => setOpen('edit')}
      />
      <RowIconButton
        tooltip={translate('resources.teams.actions.delete')}
        label={translate('resources.teams.actions.deleteLabel', { name: team.name })}
        icon={<DeleteIcon />}
        color="error"
        onClick={() => setOpen('delete')}
      />
      {open === 'edit' && <TeamDialog team={team} onClose={() => setOpen(null)} />}
      <Confirm
        isOpen={open === 'delete'}
        loading={isPending}
        title="resources.teams.delete.title"
        content={teamTexts.confirmDelete}
        translateOptions={{ name: team.name }}
        confirm="resources.teams.actions.delete"
        confirmColor="warning"
        ConfirmIcon={DeleteIcon}
        onConfirm={() => void confirmDelete(team)}
        onClose={() => setOpen(null)}
      />
    </Box>
  );
}
