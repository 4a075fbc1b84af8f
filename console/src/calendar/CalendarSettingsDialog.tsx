import { useId, useState, type FormEvent } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import type { CompanySettings } from '@teamfolk/shared/contracts';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ApiRequestError, errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

/** Countries offered for public holidays (ISO 3166 codes the API knows); their names come from the browser. */
const COMMON_COUNTRIES =
  'AR AT AU BE BR CA CH CL CO CZ DE DK ES FI FR GB GR HU IE IN IT JP MX NL NO NZ PL PT RO SE SG US ZA'.split(' ');

const regionNames = new Intl.DisplayNames('en', { type: 'region' });

/** A country's English name, from its ISO code. */
export function countryName(code: string): string {
  return regionNames.of(code) ?? code;
}

function countryOptions(saved: string | null): { code: string; name: string }[] {
  const codes = saved && !COMMON_COUNTRIES.includes(saved) ? [...COMMON_COUNTRIES, saved] : COMMON_COUNTRIES;
  return codes
    .map((code) => ({ code, name: countryName(code) }))
    .sort((first, second) => first.name.localeCompare(second.name));
}

function timeZoneOptions(saved: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(saved);
  return [...zones].sort();
}

type SettingsField = keyof CompanySettings;

interface CalendarSettingsDialogProps {
  open: boolean;
  settings: CompanySettings;
  onClose: () => void;
  onSaved: (settings: CompanySettings) => void;
}

/** Admins choose the country (and region) whose public holidays mark the calendar, and the company's time zone. */
export function CalendarSettingsDialog({ open, settings, onClose, onSaved }: CalendarSettingsDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{translate('resources.calendar.settings.title')}</DialogTitle>
      <SettingsForm settings={settings} onClose={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function SettingsForm({ settings, onClose, onSaved }: Omit<CalendarSettingsDialogProps, 'open'>) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [country, setCountry] = useState(settings.country ?? '');
  const [region, setRegion] = useState(settings.region ?? '');
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [fieldError, setFieldError] = useState<{ field: SettingsField; message: string }>();
  const [saving, setSaving] = useState(false);
  const errorOf = (field: SettingsField) => (fieldError?.field === field ? fieldError.message : undefined);

  async function save(submit: FormEvent) {
    submit.preventDefault();
    setSaving(true);
    setFieldError(undefined);
    try {
      const {
        data: { message, ...saved },
      } = await dataProvider.saveCompanySettings({
        country: country || null,
        region: country && region.trim() ? region.trim() : null,
        timeZone,
      });
      notify(message || translate('resources.calendar.messages.settingsSaved'), { type: 'success' });
      onSaved(saved);
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.field : undefined;
      if (field === 'country' || field === 'region' || field === 'timeZone') {
        setFieldError({ field, message: errorMessage(error, translate('resources.calendar.settings.saveFailed')) });
      } else {
        notify(errorMessage(error, translate('resources.calendar.settings.saveFailed')), { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={(submit) => void save(submit)}>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.calendar.settings.intro')}
        </Typography>
        <TextField
          select
          label={translate('resources.calendar.settings.country')}
          value={country}
          onChange={(change) => setCountry(change.target.value)}
          error={Boolean(errorOf('country'))}
          helperText={errorOf('country')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">
            <em>{translate('resources.calendar.settings.noCountry')}</em>
          </MenuItem>
          {countryOptions(settings.country).map(({ code, name }) => (
            <MenuItem key={code} value={code}>
              {name} ({code})
            </MenuItem>
          ))}
        </TextField>
        {country && (
          <TextField
            label={translate('resources.calendar.settings.region')}
            value={region}
            onChange={(change) => setRegion(change.target.value.toUpperCase())}
            error={Boolean(errorOf('region'))}
            helperText={errorOf('region') ?? translate('resources.calendar.settings.regionHelp')}
            slotProps={{ htmlInput: { maxLength: 10, autoCapitalize: 'characters', spellCheck: false } }}
          />
        )}
        <Autocomplete
          options={timeZoneOptions(settings.timeZone)}
          value={timeZone}
          disableClearable
          onChange={(_change, zone) => setTimeZone(zone)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('resources.calendar.settings.timeZone')}
              error={Boolean(errorOf('timeZone'))}
              helperText={errorOf('timeZone') ?? translate('resources.calendar.settings.timeZoneHelp')}
            />
          )}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {translate('resources.calendar.settings.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {translate('resources.calendar.settings.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
