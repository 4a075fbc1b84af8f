import type { Client } from 'pg';

/**
 * How a column travels: as a Postgres array of one of these, unnested into rows server-side. Dates,
 * instants, one-decimal amounts and clock times go as numbers (cheaper to send than text) and are
 * turned back in SQL.
 */
export type ColumnKind =
  | 'integer'
  | 'bigint'
  | 'text'
  | 'boolean'
  /** Days since 1970-01-01 → date. */
  | 'day'
  /** Milliseconds since the epoch → timestamptz. */
  | 'instant'
  /** Tenths → numeric with one decimal (balances, day and hour counts). */
  | 'tenths'
  /** Minutes after midnight → time. */
  | 'clock'
  /** JSON text → jsonb. */
  | 'json';

type Value = number | string | boolean | null;
export type TableSpec<Row> = { readonly [Column in keyof Row]: ColumnKind };

const ARRAY_TYPE: Record<ColumnKind, string> = {
  integer: 'int4[]',
  bigint: 'int8[]',
  text: 'text[]',
  boolean: 'bool[]',
  day: 'int4[]',
  instant: 'float8[]',
  tenths: 'int4[]',
  clock: 'int4[]',
  json: 'text[]',
};

function columnExpression(kind: ColumnKind, value: string): string {
  switch (kind) {
    case 'day':
      return `date '1970-01-01' + ${value}`;
    case 'instant':
      return `to_timestamp(${value} / 1000.0)`;
    case 'tenths':
      return `(${value} / 10.0)::numeric`;
    case 'clock':
      return `make_time(${value} / 60, ${value} % 60, 0)`;
    case 'json':
      return `${value}::jsonb`;
    default:
      return value;
  }
}

/** `INSERT … SELECT … FROM unnest($1::int4[], …)`: one statement per batch, whatever its size. */
function unnestInsert<Row>(table: string, spec: TableSpec<Row>): string {
  const columns = Object.keys(spec) as Array<keyof Row & string>;
  const aliases = columns.map((_, index) => `c${index}`);
  const selected = columns.map((column, index) => columnExpression(spec[column], aliases[index] ?? ''));
  const arrays = columns.map((column, index) => `$${index + 1}::${ARRAY_TYPE[spec[column]]}`);
  return `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${selected.join(', ')} FROM unnest(${arrays.join(
    ', ',
  )}) AS u(${aliases.join(', ')})`;
}

const quoted = (text: string) => `"${/["\\]/.test(text) ? text.replace(/["\\]/g, '\\$&') : text}"`;

/**
 * A column as a Postgres array literal. node-postgres would build the same text element by element
 * as it sends the statement (some 40 s of CPU for the default run's leave requests, while Postgres
 * waits); this is a few times faster and runs while Postgres is still inserting the previous batch.
 */
function arrayLiteral(kind: ColumnKind, values: readonly Value[]): string {
  const textual = kind === 'text' || kind === 'json';
  const elements = values.map((value) =>
    value === null
      ? 'NULL'
      : textual
        ? quoted(String(value))
        : typeof value === 'boolean'
          ? value
            ? 't'
            : 'f'
          : value,
  );
  return `{${elements.join(',')}}`;
}

/** Rows of one table gathered column by column until the writer sends them. */
export class TableBatch<Row extends Record<keyof Row, Value>> {
  readonly insertSql: string;
  private readonly columns: Array<keyof Row & string>;
  private values: Value[][];
  size = 0;
  written = 0;

  constructor(
    readonly table: string,
    private readonly spec: TableSpec<Row>,
  ) {
    this.insertSql = unnestInsert(table, spec);
    this.columns = Object.keys(spec) as Array<keyof Row & string>;
    this.values = this.columns.map(() => []);
  }

  add(row: Row): void {
    this.columns.forEach((column, index) => this.values[index]?.push(row[column]));
    this.size++;
  }

  /** The gathered rows as one array literal per column, leaving the batch empty. */
  take(): string[] {
    const taken = this.columns.map((column, index) => arrayLiteral(this.spec[column], this.values[index] ?? []));
    this.values = this.columns.map(() => []);
    this.written += this.size;
    this.size = 0;
    return taken;
  }
}

/**
 * Sends batches over one connection, one statement at a time, without waiting for the last one:
 * Postgres inserts a batch while Node builds the next. Tables are registered parents first; sending
 * a table's batch sends its parents' pending rows before it, so foreign keys hold.
 */
export class BulkWriter {
  private readonly tables: Array<TableBatch<never>> = [];
  private running: Promise<void> = Promise.resolve();
  private failure: unknown;

  constructor(
    private readonly client: Client,
    private readonly batchRows: number,
  ) {}

  table<Row extends Record<keyof Row, Value>>(table: string, spec: TableSpec<Row>): TableBatch<Row> {
    const batch = new TableBatch<Row>(table, spec);
    this.tables.push(batch as unknown as TableBatch<never>);
    return batch;
  }

  /** Sends every full batch, with the pending rows of the tables registered before it. */
  async settle(): Promise<void> {
    const lastFull = this.tables.findLastIndex((batch) => batch.size >= this.batchRows);
    if (lastFull >= 0) await this.sendThrough(lastFull);
  }

  /** Sends what is left of every table and waits until Postgres has all of it. */
  async flush(): Promise<void> {
    await this.sendThrough(this.tables.length - 1);
    await this.running;
    if (this.failure) throw this.failure;
  }

  private async sendThrough(lastIndex: number): Promise<void> {
    for (const batch of this.tables.slice(0, lastIndex + 1)) {
      if (batch.size === 0) continue;
      const values = batch.take();
      await this.running;
      if (this.failure) throw this.failure;
      this.running = this.client.query(batch.insertSql, values).then(
        () => undefined,
        (error: unknown) => {
          this.failure = error;
        },
      );
    }
  }
}
