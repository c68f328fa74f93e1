/**
 * Two people edited one record (issue 56): the save of the second was refused (409 `stale_version`). What each of
 * them changed, from the values the form had loaded (`base`), those it holds now (`mine`) and those of the record
 * saved meanwhile (`fresh`), each field told by its value as text (a day picker's value has `toJSON`).
 */
export interface EditConflict {
  /** Fields the other person changed. */
  theirs: string[];
  /** Fields this person changed: their typing, kept on the form. */
  mine: string[];
  /** Fields both changed, to different values. */
  both: string[];
}

type Values = Record<string, unknown>;

const text = (value: unknown) => JSON.stringify(value ?? null);

export function editConflict(base: Values, mine: Values, fresh: Values): EditConflict {
  const names = [...new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(fresh)])];
  const theirs = names.filter((name) => text(fresh[name]) !== text(base[name]));
  const changed = names.filter((name) => text(mine[name]) !== text(base[name]));
  const both = changed.filter((name) => theirs.includes(name) && text(mine[name]) !== text(fresh[name]));
  return { theirs, mine: changed, both };
}

/** The values of `names` in `values`. */
export function pickValues(values: Values, names: readonly string[]): Values {
  return Object.fromEntries(names.filter((name) => name in values).map((name) => [name, values[name]]));
}
