import type { ReactNode } from 'react';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { ListNoResults, RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';

const LOADING_CARDS = 3;

interface RecordCardListProps<RecordType extends RaRecord> {
  /** The accessible name of the list. */
  label: string;
  /** The height of the placeholders shown while loading, about that of a card. */
  placeholderHeight: number;
  /** The card of one record, a `li`; its fields and actions find the record in the record context too. */
  renderCard: (record: RecordType) => ReactNode;
}

/** A list page below 600px: one card per record of the list context, with its loading and empty states. */
export function RecordCardList<RecordType extends RaRecord>({
  label,
  placeholderHeight,
  renderCard,
}: RecordCardListProps<RecordType>) {
  const { data, isPending } = useListContext<RecordType>();
  const translate = useTranslate();

  if (isPending) {
    return (
      <Stack spacing={1.5} role="status" aria-label={translate('app.loading')}>
        {Array.from({ length: LOADING_CARDS }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={placeholderHeight} />
        ))}
      </Stack>
    );
  }
  if (!data?.length) return <ListNoResults />;

  return (
    <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          {renderCard(record)}
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/** A card's fields as a description list: labels on the left, values on the right. */
export function CardFields({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {children}
    </Box>
  );
}

export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
