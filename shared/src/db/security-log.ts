import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * Deletes the security events of no company that name one of `addresses` (throttled sign-ins and
 * requests, logged before anyone was looked up), for an erasure of the people behind them. The
 * application may only append to the log: it goes through a SECURITY DEFINER function (migration
 * 0017), which answers with a count.
 */
export async function forgetUnattributedSecurityEvents(
  sequelize: Sequelize,
  addresses: string[],
  transaction: Transaction,
): Promise<number> {
  if (addresses.length === 0) return 0;
  const [row] = await sequelize.query<{ count: number }>(
    'SELECT teamfolk_forget_unattributed_security_events(ARRAY[:addresses]::text[]) AS count',
    { replacements: { addresses }, type: QueryTypes.SELECT, transaction },
  );
  return row?.count ?? 0;
}
