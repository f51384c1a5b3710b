import type { EntityManager } from '@mikro-orm/core';

/** A piece of SQL with its parameters, in the order its `?` placeholders appear. */
export interface Sql {
  readonly text: string;
  readonly params: readonly unknown[];
}

const SQL = Symbol('sql');
type Fragment = Sql & { readonly [SQL]: true };

function isFragment(value: unknown): value is Fragment {
  return typeof value === 'object' && value !== null && SQL in value;
}

/**
 * A tagged template: interpolated values become parameters and interpolated `sql` fragments are
 * spliced in with theirs, so a query's placeholders and parameters cannot drift apart.
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Fragment {
  let text = strings[0] ?? '';
  const params: unknown[] = [];
  values.forEach((value, i) => {
    if (isFragment(value)) {
      text += value.text;
      params.push(...value.params);
    } else {
      text += '?';
      params.push(value);
    }
    text += strings[i + 1] ?? '';
  });
  return { text, params, [SQL]: true };
}

/** Fixed SQL text (column lists, aliases): never user input. */
export function raw(text: string): Fragment {
  return { text, params: [], [SQL]: true };
}

/** Fragments one after another with `separator` (fixed text) between them. */
export function joinSql(parts: readonly Sql[], separator: string): Fragment {
  return { text: parts.map((p) => p.text).join(separator), params: parts.flatMap((p) => p.params), [SQL]: true };
}

/**
 * An instant column as epoch milliseconds. PGlite hands timestamptz back as text and PostgreSQL
 * in the session's time zone; a number reads the same from both.
 */
export function epochMs(column: string, alias: string): Fragment {
  return raw(`(extract(epoch from ${column}) * 1000)::float8 as "${alias}"`);
}

/** An instant (epoch minutes) as the ISO text a query compares timestamptz columns with. */
const isoOf = (minutes: number): string => new Date(minutes * 60_000).toISOString();

/** The server's clock (epoch minutes) now, as isoOf writes it. */
export const nowIso = (clock: { now: () => number }): string => isoOf(clock.now());

export async function query<T>(em: EntityManager, q: Sql): Promise<T[]> {
  return em.getConnection().execute<T[]>(q.text, [...q.params]);
}
