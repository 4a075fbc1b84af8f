import { Box } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { reportTexts, type ActivityRow } from '@teamfolk/shared/contracts';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  ReferenceInput,
  TextInput,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { EmptyState } from '../layout/EmptyState';
import { ListLoadError, ResponsiveList, responsiveTableSx } from '../layout/ResponsiveList';
import { errorMessage } from '../providers/apiError';
import { ExportButtons } from './ExportButtons';

const ACTIVITY_FILTERS = [
  <ReferenceInput
    key="employee_id"
    source="employee_id"
    reference="employees"
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <AutocompleteInput optionText="name" label={reportTexts.activityPerson} sx={{ minWidth: 200 }} />
  </ReferenceInput>,
  <TextInput key="kind" source="kind" label={reportTexts.activityKind} alwaysOn />,
  <DateInput key="from" source="from" label={reportTexts.from} alwaysOn />,
  <DateInput key="to" source="to" label={reportTexts.to} alwaysOn />,
];

/** The instant in the admin's own time zone, to the minute. */
const atFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A record's state before or after, compact: the JSON the log keeps, wrapped to the cell. */
function StateText({ state }: { state: unknown }) {
  if (state === null || state === undefined) return <>–</>;
  return (
    <Box
      component="code"
      sx={{ fontSize: '0.75rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: 'block', maxWidth: 320 }}
    >
      {typeof state === 'string' ? state : JSON.stringify(state, null, 1)}
    </Box>
  );
}

/** The exports take the filters the list shows. */
function ActivityActions() {
  const { filterValues } = useListContext();
  const query = Object.fromEntries(
    Object.entries(filterValues as Record<string, unknown>)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([name, value]) => [name, String(value)]),
  );
  return (
    <TopToolbar sx={{ bgcolor: 'transparent' }}>
      <ExportButtons report="activity" query={query} />
    </TopToolbar>
  );
}

const table = (
  <DataTable<ActivityRow> bulkActionButtons={false} rowClick={false} sx={responsiveTableSx}>
    <DataTable.Col<ActivityRow>
      source="at"
      label={reportTexts.activityAt}
      render={(row) => atFormat.format(new Date(row.at))}
      sx={{ whiteSpace: 'nowrap' }}
    />
    <DataTable.Col<ActivityRow> source="actor" label={reportTexts.activityActor} disableSort />
    <DataTable.Col<ActivityRow> source="kind" label={reportTexts.activityKind} />
    <DataTable.Col<ActivityRow> source="subject" label={reportTexts.activitySubject} disableSort />
    <DataTable.Col<ActivityRow>
      label={reportTexts.activityBefore}
      disableSort
      render={(row) => <StateText state={row.before} />}
    />
    <DataTable.Col<ActivityRow>
      label={reportTexts.activityAfter}
      disableSort
      render={(row) => <StateText state={row.after} />}
    />
  </DataTable>
);

/** The audit and security log as react-admin's list over GET /api/activity (admins), its filters in the URL. */
export function ActivityReport() {
  return (
    <ResponsiveList<ActivityRow>
      resource="activity"
      sort={{ field: 'at', order: 'DESC' }}
      filters={ACTIVITY_FILTERS}
      actions={<ActivityActions />}
      empty={
        <EmptyState icon={<HistoryIcon />} title={reportTexts.activityTitle} message={reportTexts.activityEmpty} />
      }
      error={
        <ListLoadError
          retryLabel={reportTexts.retry}
          message={(error) => errorMessage(error, reportTexts.fetchFailed)}
        />
      }
      fetchFailedMessage={reportTexts.fetchFailed}
      table={table}
      // The same table on phones: it scrolls sideways within its card.
      cards={table}
    />
  );
}
