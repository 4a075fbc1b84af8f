import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  LEDGER_BALANCES,
  type BalanceLedgerReply,
  type BalancesOnReply,
  type LedgerBalance,
  type LedgerLine,
} from '@teamfolk/shared/contracts';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { calendarDayFormat, formatIsoDate, todayAsIsoDate, utcTimeOf } from '../format/dates';
import { useIsMobile } from '../layout/useIsMobile';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import {
  formatAmount,
  formatChange,
  ledgerYearOptions,
  linesOfBalance,
  startMonthOf,
  unitOfBalance,
} from './ledgerView';

const dayFormat = calendarDayFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const formatDay = (isoDate: string) => formatIsoDate(isoDate, dayFormat);

const FIGURES = ['total', 'used', 'pending', 'remaining', 'projected_year_end'] as const;

export interface BalanceLedgerDialogProps {
  employeeId: Identifier;
  /** The person whose ledger it is, in the subtitle. */
  name: string;
  /** The tab that opens first. */
  balance?: LedgerBalance;
  onClose: () => void;
}

type LedgerLoad =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; reply: BalanceLedgerReply };

/**
 * "How this is worked out": a leave year's ledger of one person (GET …/balance-ledger), balance by
 * balance, each entry with the running total after it, a year picker, and what is available on a
 * chosen day of this leave year or the next (GET …/balances?on=).
 */
export function BalanceLedgerDialog({ employeeId, name, balance = 'vacation', onClose }: BalanceLedgerDialogProps) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const titleId = useId();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [year, setYear] = useState<number | null>(null);
  /** Read from the first reply, asked without a year: the current leave year and the month years start in. */
  const [years, setYears] = useState<{ current: number; startMonth: number } | null>(null);
  const [shown, setShown] = useState<LedgerBalance>(balance);
  const [load, setLoad] = useState<LedgerLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    dataProvider.getBalanceLedger(employeeId, year, { signal: abort.signal }).then(
      ({ data }) => {
        setLoad({ state: 'loaded', reply: data });
        if (year === null) setYears({ current: data.year.year, startMonth: startMonthOf(data) });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setLoad({
          state: 'failed',
          message: errorMessage(error, translate('resources.balances.messages.fetchFailed')),
        });
      },
    );
    return () => abort.abort();
  }, [dataProvider, employeeId, year, attempt, translate]);

  const pickYear = (picked: number) => {
    setLoad({ state: 'loading' });
    setYear(picked);
  };
  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((count) => count + 1);
  };
  const reply = load.state === 'loaded' ? load.reply : null;
  const yearOptions = years ? ledgerYearOptions(years.current, years.startMonth) : [];

  return (
    <Dialog open onClose={onClose} fullScreen={isMobile} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('resources.balances.open')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {name}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
          <TextField
            select
            label={translate('resources.balances.year')}
            value={year ?? years?.current ?? ''}
            disabled={yearOptions.length === 0}
            onChange={(event) => pickYear(Number(event.target.value))}
          >
            {yearOptions.map((option) => (
              <MenuItem key={option.year} value={option.year}>
                {translate('resources.balances.yearOption', {
                  year: option.year,
                  start: formatDay(option.start),
                  end: formatDay(option.end),
                })}
              </MenuItem>
            ))}
          </TextField>
          <Forecast employeeId={employeeId} />
        </Box>
        <Tabs
          value={shown}
          onChange={(_event, picked: LedgerBalance) => setShown(picked)}
          aria-label={translate('resources.balances.tabsLabel')}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
        >
          {LEDGER_BALANCES.map((option) => (
            <Tab key={option} value={option} label={translate(`resources.balances.names.${option}`)} />
          ))}
        </Tabs>
        {load.state === 'loading' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{translate('resources.balances.loading')}</Typography>
          </Box>
        )}
        {load.state === 'failed' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={retry}>
                {translate('resources.balances.retry')}
              </Button>
            }
          >
            {load.message}
          </Alert>
        )}
        {reply && <BalanceYear reply={reply} balance={shown} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{translate('resources.balances.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** One balance's figures for the year, then its entries. */
function BalanceYear({ reply, balance }: { reply: BalanceLedgerReply; balance: LedgerBalance }) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const figures = reply.balances[balance];
  const lines = linesOfBalance(reply, balance);
  const amount = (value: number) =>
    translate(`app.overview.${unitOfBalance(balance)}`, { smart_count: value, value: formatAmount(value, balance) });

  return (
    <Box role="tabpanel" aria-label={translate(`resources.balances.names.${balance}`)}>
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 2,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        {FIGURES.map((figure) => (
          <Box key={figure}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {translate(`resources.balances.figures.${figure}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: figure === 'remaining' ? 700 : 400 }}>
              {amount(figures[figure])}
            </Typography>
          </Box>
        ))}
      </Box>
      {lines.length === 0 ? (
        <Box sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
          <Typography component="h3" variant="subtitle1" color="text.primary">
            {translate('resources.balances.emptyTitle')}
          </Typography>
          <Typography variant="body2">{translate('resources.balances.emptyMessage')}</Typography>
        </Box>
      ) : isMobile ? (
        <Box
          component="ol"
          aria-label={translate(`resources.balances.names.${balance}`)}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {lines.map((line, index) => (
            <Box
              component="li"
              key={`${line.date}-${line.kind}-${index}`}
              sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {lineDates(line)}
                </Typography>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatChange(line.amount, balance)} → <strong>{formatAmount(line.running_total, balance)}</strong>
                </Typography>
              </Box>
              <LineDescription line={line} />
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label={translate(`resources.balances.names.${balance}`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.balances.columns.date')}</TableCell>
              <TableCell>{translate('resources.balances.columns.entry')}</TableCell>
              <TableCell align="right">{translate('resources.balances.columns.amount')}</TableCell>
              <TableCell align="right">{translate('resources.balances.columns.running_total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, index) => (
              <TableRow key={`${line.date}-${line.kind}-${index}`}>
                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{lineDates(line)}</TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <LineDescription line={line} />
                </TableCell>
                <TableCell align="right" sx={{ verticalAlign: 'top', fontVariantNumeric: 'tabular-nums' }}>
                  {formatChange(line.amount, balance)}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ verticalAlign: 'top', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
                >
                  {formatAmount(line.running_total, balance)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

const lineDates = (line: LedgerLine) =>
  line.end_date ? `${formatDay(line.date)} – ${formatDay(line.end_date)}` : formatDay(line.date);

function LineDescription({ line }: { line: LedgerLine }) {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {translate(`resources.balances.kinds.${line.kind}`)}
        </Typography>
        {line.projected && <Chip size="small" variant="outlined" label={translate('resources.balances.projected')} />}
      </Box>
      {line.note && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {line.note}
        </Typography>
      )}
    </>
  );
}

type ForecastLoad =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; reply: BalancesOnReply };

/** What can be taken on a chosen day (this leave year or the next), today's to begin with. */
function Forecast({ employeeId }: { employeeId: Identifier }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [on, setOn] = useState(todayAsIsoDate);
  const [load, setLoad] = useState<ForecastLoad>({ state: 'loading' });
  const valid = utcTimeOf(on) !== undefined;

  useEffect(() => {
    if (!valid) return undefined;
    const abort = new AbortController();
    dataProvider.getBalancesOn(employeeId, on, { signal: abort.signal }).then(
      ({ data }) => setLoad({ state: 'loaded', reply: data }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setLoad({
          state: 'failed',
          message: errorMessage(error, translate('resources.balances.messages.fetchFailed')),
        });
      },
    );
    return () => abort.abort();
  }, [dataProvider, employeeId, on, valid, translate]);

  const choose = (day: string) => {
    setOn(day);
    setLoad(utcTimeOf(day) === undefined ? { state: 'idle' } : { state: 'loading' });
  };
  const available = (balance: LedgerBalance, value: number) =>
    `${translate(`resources.balances.names.${balance}`)}: ${translate(`app.overview.${unitOfBalance(balance)}`, {
      smart_count: value,
      value: formatAmount(value, balance),
    })}`;

  return (
    <Box>
      <TextField
        label={translate('resources.balances.forecast.dateLabel')}
        type="date"
        value={on}
        onChange={(event) => choose(event.target.value)}
        error={load.state === 'failed'}
        helperText={load.state === 'failed' ? load.message : translate('resources.balances.forecast.help')}
        slotProps={{ inputLabel: { shrink: true } }}
        fullWidth
      />
      <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
        {load.state === 'loading' && (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.balances.forecast.loading')}
          </Typography>
        )}
        {load.state === 'loaded' && (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {translate('resources.balances.forecast.available', { date: formatDay(load.reply.on) })}
            </Typography>
            {LEDGER_BALANCES.map((balance) => (
              <Typography key={balance} variant="body2">
                {available(balance, load.reply[balance].available)}
              </Typography>
            ))}
          </>
        )}
      </Box>
    </Box>
  );
}
