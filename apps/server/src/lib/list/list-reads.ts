import {
  Column,
  getTableName,
  is,
  Name,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  Table,
  type SQLWrapper,
} from 'drizzle-orm';

/**
 * What a list's query reads (issue 42): the tables and columns named by the SQL objects of its conditions and order,
 * found by walking them, so a write is matched against the declaration rather than against rendered text. `all` is
 * set when a part cannot be told (a subquery or view object): every write then counts as touching the query.
 */
export interface ReadSet {
  readonly tables: ReadonlySet<string>;
  readonly columns: ReadonlySet<string>;
  readonly all: boolean;
}

export const readsNothing: ReadSet = { tables: new Set(), columns: new Set(), all: false };

/** A quoted name written by hand in a fragment of raw SQL (`sql\`"fn_forms"."stage" = 'paid'\``). */
const quotedName = /"((?:[^"]|"")+)"/g;

/** The tables and columns `parts` read; a name quoted in hand-written SQL counts as both (it may be either). */
export function readSetOf(...parts: (SQLWrapper | undefined)[]): ReadSet {
  const tables = new Set<string>();
  const columns = new Set<string>();
  let all = false;
  const both = (name: string) => {
    tables.add(name);
    columns.add(name);
  };
  const visit = (chunk: unknown): void => {
    if (chunk === undefined || chunk === null || is(chunk, Param) || is(chunk, Placeholder)) return;
    if (Array.isArray(chunk)) return chunk.forEach(visit);
    if (is(chunk, StringChunk)) {
      for (const text of chunk.value)
        for (const match of text.matchAll(quotedName)) both(match[1]!.replace(/""/g, '"'));
      return;
    }
    if (is(chunk, Name)) return both(chunk.value);
    if (is(chunk, Column)) {
      columns.add(chunk.name);
      tables.add(getTableName(chunk.table));
      return;
    }
    if (is(chunk, Table)) return void tables.add(getTableName(chunk));
    if (is(chunk, SQL)) return chunk.queryChunks.forEach(visit);
    if (is(chunk, SQL.Aliased)) return visit(chunk.sql);
    // A subquery or a view (or anything else): what it reads is not told here.
    if (typeof chunk === 'object') all = true;
  };
  parts.forEach(visit);
  return { tables, columns, all };
}
