// Rows of many short values read as one text column on SQLite (ADR 255). node-sqlite3 builds each
// row of a result in N-API, one property at a time: ~0.35 µs a cell on this machine, more than
// SQLite's own reading of it (350 rows of 8 columns: 1.37 ms of CPU, the same packed into one
// string 0.52 ms). The price walks read 300–700 candidates of ten columns per search; read packed
// and split here, they cost a third of that. MariaDB's rows are parsed by mysql2 in JavaScript,
// where a cell is cheap: there the columns are read as they are.
import type { Dialect } from "~/db/sequelize.server";

export type PackedKind = "number" | "text";

/** A column of a packed select: its name in the row, its SQL expression, how its value reads. */
export type PackedColumn = readonly [name: string, sql: string, kind: PackedKind];

const SEPARATOR = "|";

export interface PackedSelect<Row> {
  /** The select list: the columns, or on SQLite one column `packed_row` holding them all. */
  sql: string;
  /** The rows as the columns name them (NULL read as null, numbers as numbers). */
  read(rows: readonly unknown[]): Row[];
}

/**
 * The select list of `columns` for `dialect`. On SQLite every value is joined by "|" into one
 * text column (NULL as the empty string): a number column may hold any number, a text column
 * only text that never holds "|" nor is empty (a property type, a `stay_prices` list). Free text
 * (a title) goes beside, as a column of its own.
 */
export function packedSelect<Row>(columns: readonly PackedColumn[], dialect: Dialect): PackedSelect<Row> {
  if (dialect !== "sqlite" || columns.length < 2) {
    const list = columns.map(([name, sql]) => (sql === `l.${name}` ? sql : `${sql} AS ${name}`)).join(", ");
    return { sql: list, read: (rows) => rows as Row[] };
  }
  return {
    sql: `${columns.map(([, sql]) => `IFNULL(${sql}, '')`).join(` || '${SEPARATOR}' || `)} AS packed_row`,
    read: (rows) => rows.map((row) => unpackRow<Row>(row as Record<string, unknown>, columns)),
  };
}

/** One packed row back into its columns (the row's other columns, read as they are, kept). */
function unpackRow<Row>(source: Record<string, unknown>, columns: readonly PackedColumn[]): Row {
  const values = String(source.packed_row).split(SEPARATOR);
  const row: Record<string, unknown> = {};
  for (const key in source) if (key !== "packed_row") row[key] = source[key];
  for (let index = 0; index < columns.length; index += 1) {
    const [name, , kind] = columns[index]!;
    const value = values[index] ?? "";
    row[name] = value === "" ? null : kind === "number" ? Number(value) : value;
  }
  return row as Row;
}
