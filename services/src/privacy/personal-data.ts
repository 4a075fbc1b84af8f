import { ERASED_PERSON_LABEL } from '@teamfolk/shared';

/** Fields of a record about a person that name or describe them; counts, dates of leave and statuses stay. */
const NAMING_FIELDS = new Set(['name', 'employee_name', 'employeeName']);
const DESCRIBING_FIELDS = new Set(['email', 'birthday', 'role', 'hire_date', 'reason']);

/** The ways an erased person appears in stored JSON: their names and addresses, compared case-insensitively. */
export class PersonIdentity {
  private readonly lowered: Set<string>;

  constructor(readonly values: string[]) {
    this.lowered = new Set(values.map((value) => value.trim().toLowerCase()));
  }

  /** The exact values and their lower-case forms, as a jsonpath variable list. */
  get jsonPathVariables(): string {
    return JSON.stringify({ values: [...new Set([...this.values, ...this.lowered])] });
  }

  names(value: string): boolean {
    return this.lowered.has(value.trim().toLowerCase());
  }
}

/**
 * The JSON of an audit entry with the person taken out: any value that is one of their names or
 * addresses becomes the anonymous label, and in an entry about one of their own records the fields
 * that describe them are blanked too.
 */
export function withoutPerson(value: unknown, person: PersonIdentity, aboutPerson: boolean): unknown {
  if (typeof value === 'string') return person.names(value) ? ERASED_PERSON_LABEL : value;
  if (Array.isArray(value)) return value.map((item) => withoutPerson(item, person, aboutPerson));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      if (aboutPerson && field !== null && NAMING_FIELDS.has(key)) return [key, ERASED_PERSON_LABEL];
      if (aboutPerson && DESCRIBING_FIELDS.has(key)) return [key, null];
      return [key, withoutPerson(field, person, aboutPerson)];
    }),
  );
}
