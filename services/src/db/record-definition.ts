import type { Model, ModelStatic } from 'sequelize';
import { numberArithmetic, type BalanceArithmetic } from '@teamfolk/shared';

/**
 * One field of an API record, declared once by where its value comes from in the record's table.
 * From that come both the record of a row read or written in JavaScript (`of`) and the SQL that has
 * Postgres write the same value into a list page's JSON (`json`): the two cannot drift apart.
 */
export interface RecordField<Value, Row> {
  /** The stored columns the value comes from. */
  readonly columns: readonly string[];
  /** The value in SQL as stored, over the table's alias: what a sort compares. */
  sql(alias: string): string;
  /** The value in SQL as the API sends it, for row_to_json: numerics trimmed, instants as ISO text. */
  json(alias: string): string;
  /** The value from a row: its columns by name, as node-postgres (or a model's data values) holds them. */
  of(row: Row): Value;
}

/**
 * SQL spelling of the balance rules (shared/src/rules/balances.ts), which are written over
 * BalanceArithmetic so that Postgres computes a derived figure by the rule itself.
 */
const sqlArithmetic: BalanceArithmetic<string> = {
  difference: (minuend, subtrahend) => `(${minuend} - ${subtrahend})`,
  oneDecimal: (value) => `round(${value}, 1)`,
};

const asIs = (sql: string) => sql;

function stored<Column extends string, Raw, Value>(
  column: Column,
  read: (raw: Raw) => Value,
  json: (sql: string) => string = asIs,
): RecordField<Value, Record<Column, Raw>> {
  return {
    columns: [column],
    sql: (alias) => `${alias}.${column}`,
    json: (alias) => json(`${alias}.${column}`),
    of: (row) => read(row[column]),
  };
}

/** A SQL string literal. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A timestamp as JavaScript's toISOString writes it: UTC, milliseconds, Z. */
const isoTimestamp = (sql: string) => `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A numeric as JSON.stringify writes the number: a numeric(6,1) is `20.0` to Postgres and `20` to the API. */
const trimmed = (sql: string) => `trim_scale(${sql})`;

export const integer = <Column extends string>(column: Column) => stored(column, (raw: number | string) => Number(raw));

export const nullableInteger = <Column extends string>(column: Column) =>
  stored(column, (raw: number | string | null) => (raw === null ? null : Number(raw)));

export const text = <Column extends string>(column: Column) => stored(column, (raw: string) => raw);

export const nullableText = <Column extends string>(column: Column) => stored(column, (raw: string | null) => raw);

/** Text that holds one of `values` (a check constraint keeps it so). */
export const oneOf = <Column extends string, Value extends string>(column: Column, _values: readonly Value[]) =>
  stored(column, (raw: Value) => raw);

/** A `date`, as YYYY-MM-DD (the pool's connections read dates as text). */
export const date = <Column extends string>(column: Column) => stored(column, (raw: string) => raw);

export const nullableDate = <Column extends string>(column: Column) => stored(column, (raw: string | null) => raw);

/** A `numeric` (balances, counts), which node-postgres reads as text. */
export const numeric = <Column extends string>(column: Column) =>
  stored(column, (raw: number | string) => Number(raw), trimmed);

/** A `jsonb` value (node-postgres parses it; row_to_json embeds it as it is). */
export const nullableJson = <Column extends string, Value>(column: Column) =>
  stored(column, (raw: Value | null) => raw);

/** A `timestamptz`, as toISOString writes it. */
export const instant = <Column extends string>(column: Column) =>
  stored(column, (raw: Date | string) => new Date(raw).toISOString(), isoTimestamp);

export const nullableInstant = <Column extends string>(column: Column) =>
  stored(column, (raw: Date | string | null) => (raw === null ? null : new Date(raw).toISOString()), isoTimestamp);

/** Postgres `time` comes back as HH:MM:SS; the API speaks HH:MM like the form. */
export const clockOf = (time: string | null): string | null => (time ? time.slice(0, 5) : null);

/** A `time`, as HH:MM. */
export const clock = <Column extends string>(column: Column) =>
  stored(column, clockOf, (sql) => `to_char(${sql}, 'HH24:MI')`);

/** `whenSet` while the column holds a value, `whenNull` while it is null. */
export function presence<Column extends string, const WhenSet extends string, const WhenNull extends string>(
  column: Column,
  whenSet: WhenSet,
  whenNull: WhenNull,
): RecordField<WhenSet | WhenNull, Record<Column, unknown>> {
  const sql = (alias: string) =>
    `CASE WHEN ${alias}.${column} IS NULL THEN ${literal(whenNull)} ELSE ${literal(whenSet)} END`;
  return {
    columns: [column],
    sql,
    json: sql,
    of: (row) => (row[column] === null || row[column] === undefined ? whenNull : whenSet),
  };
}

/** A rule of two figures written over BalanceArithmetic (e.g. remainingIn). */
export type BalanceRule = <T>(arithmetic: BalanceArithmetic<T>, first: T, second: T) => T;

/**
 * A figure computed from two others by a balance rule: JavaScript runs the rule on numbers, Postgres
 * on the same rule rendered as SQL. Where a figure is later stored, its field becomes `numeric(column)`
 * and nothing that reads the record changes.
 */
export function derived<FirstRow, SecondRow>(
  rule: BalanceRule,
  first: RecordField<number, FirstRow>,
  second: RecordField<number, SecondRow>,
): RecordField<number, FirstRow & SecondRow> {
  const sql = (alias: string) => rule(sqlArithmetic, first.sql(alias), second.sql(alias));
  return {
    columns: [...first.columns, ...second.columns],
    sql,
    json: (alias) => trimmed(sql(alias)),
    of: (row) => rule(numberArithmetic, first.of(row), second.of(row)),
  };
}

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Intersection,
) => void
  ? Intersection
  : never;

/** The row a record's fields read: every column any of them names. */
export type RowOf<Fields> = UnionToIntersection<
  { [Name in keyof Fields]: Fields[Name] extends RecordField<unknown, infer Row> ? Row : never }[keyof Fields]
>;

/** The fields of a record of type R, each giving the value of R's field of that name. */
export type RecordFields<R> = { [Name in keyof R]: RecordField<R[Name], never> };

/** One record of the API over one table: its JavaScript mapper and its SQL, from one declaration. */
export interface RecordDefinition<R, Row> {
  /** The table and its alias, for a FROM clause: `employees e`. */
  readonly from: string;
  /** The record of a row read or written. */
  of(row: Row): R;
  /** Each field as the API names and sends it, over the alias: what Postgres writes a record's JSON from. */
  readonly selectList: string;
  /** The stored columns `of` reads, over the alias: the select list of a query whose rows it maps. */
  readonly columnList: string;
  /** A field's stored value in SQL over the alias (for sorting). */
  sql(field: keyof R & string): string;
}

/**
 * Declares the record R over `table`, aliased `alias` in every query it writes, its fields in the
 * order the API writes them: `defineRecord<LeaveRequestRecord>()('leave_requests', 'l', { … })`.
 */
export function defineRecord<R>() {
  return <Fields extends RecordFields<R>>(
    table: string,
    alias: string,
    fields: Fields,
  ): RecordDefinition<R, RowOf<Fields>> => {
    const entries = Object.entries(fields) as Array<[keyof R & string, RecordField<unknown, RowOf<Fields>>]>;
    const columns = [...new Set(entries.flatMap(([, field]) => field.columns))];
    return {
      from: `${table} ${alias}`,
      of: (row) => Object.fromEntries(entries.map(([name, field]) => [name, field.of(row)])) as R,
      selectList: entries.map(([name, field]) => `${field.json(alias)} AS "${name}"`).join(', '),
      columnList: columns.map((column) => `${alias}.${column}`).join(', '),
      sql: (name) => fields[name].sql(alias),
    };
  };
}

/**
 * A loaded model's values by column name, as a query's row holds them, for a record definition
 * over the model's table (its fields name the table's columns, which the model maps its attributes to).
 */
export function rowOfModel<Row>(instance: Model): Row {
  const attributes = (instance.constructor as ModelStatic<Model>).getAttributes();
  return Object.fromEntries(
    Object.entries(attributes).map(([name, attribute]) => [attribute.field ?? name, instance.get(name)]),
  ) as Row;
}
