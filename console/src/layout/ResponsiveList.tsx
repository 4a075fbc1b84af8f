import type { ComponentProps, ReactNode } from 'react';
import { Alert, Box, Button, Stack, type SxProps, type Theme } from '@mui/material';
import { List, Pagination, useListContext, useNotify, type ListProps, type RaRecord } from 'react-admin';
import { ApiRequestError, errorMessage } from '../providers/apiError';
import { EmptyState } from './EmptyState';
import { useIsMobile } from './useIsMobile';

type ResponsiveListProps<RecordType extends RaRecord> = Omit<
  ListProps<RecordType>,
  'children' | 'title' | 'perPage' | 'pagination' | 'component' | 'queryOptions'
> & {
  /** The list from 600px, a DataTable. */
  table: ReactNode;
  /** The list below 600px, cards (see RecordCardList). */
  cards: ReactNode;
  /** Notified when a page cannot be loaded, unless the server says why. */
  fetchFailedMessage: string;
};

/**
 * A list screen of the dashboard: react-admin's List without its own title (the Page has it), 25 rows a page,
 * a table on wider screens and cards on phones, where the list drops its card frame.
 */
export function ResponsiveList<RecordType extends RaRecord>({
  table,
  cards,
  fetchFailedMessage,
  ...props
}: ResponsiveListProps<RecordType>) {
  const notify = useNotify();
  const isMobile = useIsMobile();

  return (
    <List<RecordType>
      title={false}
      perPage={25}
      pagination={<ListPagination />}
      component={isMobile ? 'div' : undefined}
      queryOptions={{
        onError: (error) => {
          // An ended subscription is the banner's to say; LiveSubscriptionOnly then replaces the list.
          if (error instanceof ApiRequestError && error.subscriptionExpired) return;
          notify(errorMessage(error, fetchFailedMessage), { type: 'error' });
        },
      }}
      {...props}
    >
      {isMobile ? cards : table}
    </List>
  );
}

/** No page count beside a list that failed to load: react-admin would show one from no data. */
function ListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />;
}

/** Sized by the page, not by its columns: a wide table scrolls inside the card instead of widening the screen. */
export const responsiveTableSx: SxProps<Theme> = {
  contain: 'inline-size',
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .MuiTableCell-root': { px: 1 },
};

/** For the actions column: pinned to the right edge so the actions stay at hand while a narrow screen scrolls the columns. */
export const stickyActionsColumnSx: SxProps<Theme> = { position: 'sticky', right: 0, bgcolor: 'background.paper' };

type ListEmptyProps = ComponentProps<typeof EmptyState> & {
  /** The button that adds the first record. */
  action: ReactNode;
};

/** A list with no records at all, not even before filtering: what would be here, and how to add the first. */
export function ListEmpty({ action, ...emptyState }: ListEmptyProps) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', width: '100%' }}>
      <Box sx={{ width: '100%' }}>
        <EmptyState {...emptyState} />
      </Box>
      {action}
    </Stack>
  );
}

interface ListLoadErrorProps {
  retryLabel: string;
  /** The text of the alert, given the list's error. */
  message: (error: unknown) => string;
}

/** What the list shows instead of its records when they could not be loaded, with a retry. */
export function ListLoadError({ retryLabel, message }: ListLoadErrorProps) {
  const { error, refetch } = useListContext();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => refetch()}>
          {retryLabel}
        </Button>
      }
    >
      {message(error)}
    </Alert>
  );
}
