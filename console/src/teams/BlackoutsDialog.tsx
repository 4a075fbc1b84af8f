import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  BLOCKABLE_REQUEST_TYPES,
  blackoutTexts,
  periodText,
  type ApprovedTeam,
  type BlackoutRecord,
  type BlockableRequestType,
} from '@teamfolk/shared/contracts';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { todayAsIsoDate } from '../format/dates';
import { useIsMobile } from '../layout/useIsMobile';
import { errorMessage, submissionError } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import {
  newBlackoutDefaults,
  toBlackoutPayload,
  type BlackoutFieldErrors,
  type BlackoutFormValues,
} from './blackoutForm';

interface BlackoutsDialogProps {
  blackouts: readonly BlackoutRecord[];
  teams: readonly ApprovedTeam[];
  onChanged: () => void;
  onClose: () => void;
}

/** The admins' blackout periods, from the calendar: the list, a form to add one, deletion after confirming. */
export function BlackoutsDialog({ blackouts, teams, onChanged, onClose }: BlackoutsDialogProps) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [deleting, setDeleting] = useState<BlackoutRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const teamName = (teamId: number | null) =>
    teamId === null
      ? translate('resources.calendar.blackouts.companyWide')
      : (teams.find((team) => team.id === teamId)?.name ?? '');

  async function confirmDelete(blackout: BlackoutRecord) {
    setBusy(true);
    try {
      const { data } = await dataProvider.deleteBlackout(blackout.id);
      notify(data.message || blackoutTexts.deleted, { type: 'success' });
      onChanged();
    } catch (error) {
      notify(errorMessage(error, blackoutTexts.deleteFailed), { type: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <Dialog open onClose={onClose} fullScreen={isMobile} fullWidth maxWidth="sm" aria-labelledby="blackouts-title">
      <DialogTitle id="blackouts-title">{translate('resources.calendar.blackouts.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('resources.calendar.blackouts.intro')}
        </Typography>
        {blackouts.length === 0 ? (
          <Typography sx={{ mb: 2 }}>{translate('resources.calendar.blackouts.empty')}</Typography>
        ) : (
          <List dense aria-label={translate('resources.calendar.blackouts.title')} sx={{ mb: 2 }}>
            {blackouts.map((blackout) => {
              const period = periodText(blackout.start_date, blackout.end_date);
              return (
                <ListItem
                  key={blackout.id}
                  divider
                  secondaryAction={
                    <IconButton
                      edge="end"
                      color="error"
                      aria-label={translate('resources.calendar.blackouts.deleteLabel', { period })}
                      onClick={() => setDeleting(blackout)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={`${period} · ${blackout.reason}`}
                    secondary={`${teamName(blackout.team_id)} · ${blackout.request_types
                      .map((type) => translate(`resources.leaves.requestTypes.${type}`))
                      .join(', ')}`}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        <BlackoutForm teams={teams} onCreated={onChanged} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('resources.calendar.blackouts.close')}</Button>
      </DialogActions>
      {deleting && (
        <Confirm
          isOpen
          loading={busy}
          title="resources.calendar.blackouts.confirmDeleteTitle"
          content="resources.calendar.blackouts.confirmDelete"
          translateOptions={{ period: periodText(deleting.start_date, deleting.end_date), reason: deleting.reason }}
          confirmColor="warning"
          ConfirmIcon={DeleteIcon}
          onConfirm={() => void confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Dialog>
  );
}

function BlackoutForm({ teams, onCreated }: { teams: readonly ApprovedTeam[]; onCreated: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [values, setValues] = useState<BlackoutFormValues>(() => newBlackoutDefaults(todayAsIsoDate()));
  const [errors, setErrors] = useState<BlackoutFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <Field extends keyof BlackoutFormValues>(field: Field, value: BlackoutFormValues[Field]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const toggleType = (type: BlockableRequestType, checked: boolean) =>
    set('request_types', checked ? [...values.request_types, type] : values.request_types.filter((t) => t !== type));

  async function submit() {
    const parsed = toBlackoutPayload(values);
    setFailure(null);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const { data } = await dataProvider.createBlackout(parsed.payload);
      notify(data.message || blackoutTexts.created, { type: 'success' });
      setValues(newBlackoutDefaults(todayAsIsoDate()));
      onCreated();
    } catch (error) {
      const failure = submissionError(error, blackoutTexts.saveFailed, values);
      if (failure.onInput) setErrors(failure.onInput);
      else setFailure(failure.message);
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof BlackoutFormValues) => ({
    label: translate(`resources.calendar.blackouts.${name}`),
    error: Boolean(errors[name]),
    helperText: errors[name],
    size: 'small' as const,
    margin: 'dense' as const,
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={translate('resources.calendar.blackouts.add')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
    >
      <Typography component="h3" variant="subtitle1" sx={{ gridColumn: '1 / -1', fontWeight: 600 }}>
        {translate('resources.calendar.blackouts.add')}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {failure}
        </Alert>
      )}
      <TextField
        {...field('start_date')}
        type="date"
        value={values.start_date}
        onChange={(event) => set('start_date', event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        {...field('end_date')}
        type="date"
        value={values.end_date}
        onChange={(event) => set('end_date', event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField {...field('reason')} value={values.reason} onChange={(event) => set('reason', event.target.value)} />
      <TextField
        {...field('team_id')}
        select
        value={values.team_id}
        onChange={(event) => set('team_id', event.target.value === '' ? '' : Number(event.target.value))}
      >
        <MenuItem value="">{translate('resources.calendar.blackouts.companyWide')}</MenuItem>
        {teams.map((team) => (
          <MenuItem key={team.id} value={team.id}>
            {team.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControl error={Boolean(errors.request_types)} sx={{ gridColumn: '1 / -1', mt: 1 }} component="fieldset">
        <FormLabel component="legend">{translate('resources.calendar.blackouts.request_types')}</FormLabel>
        <FormGroup row>
          {BLOCKABLE_REQUEST_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  checked={values.request_types.includes(type)}
                  onChange={(event) => toggleType(type, event.target.checked)}
                />
              }
              label={translate(`resources.leaves.requestTypes.${type}`)}
            />
          ))}
        </FormGroup>
        {errors.request_types && <FormHelperText>{errors.request_types}</FormHelperText>}
      </FormControl>
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" startIcon={<AddIcon />} loading={saving}>
          {translate('resources.calendar.blackouts.add')}
        </Button>
      </Box>
    </Box>
  );
}
