// Which tables an SQL statement writes, read from its text (ADR 244): the data version of the
// document cache moves on every committed write, except writes to tables no public page shows.
// "unknown" is the safe answer for anything this reader cannot vouch for (DDL, multi-table
// UPDATE/DELETE, a WITH that writes): it moves the version, over-invalidating, never going stale.

export type StatementWrites = { kind: "read" } | { kind: "write"; tables: string[] } | { kind: "unknown" };

/**
 * Tables no page a signed-out visitor sees reads, written on most requests or by the job runner:
 * their writes leave rendered pages valid. A trigger on one of them that writes another table
 * must take it off this list.
 */
export const TABLES_NO_PUBLIC_PAGE_SHOWS: ReadonlySet<string> = new Set([
  "analytics_events",
  "analytics_daily",
  "analytics_daily_destinations",
  "analytics_rollups",
  "sessions",
  "auth_attempts",
  "user_tokens",
  "personal_access_tokens",
  "idempotency_keys",
  "jobs",
  "webhook_events",
  "webhook_deliveries",
  "webhook_attempts",
  "notifications",
  "conversations",
  "messages",
  "audit_log",
  "payment_events",
]);

const READ_KEYWORDS = new Set(["SELECT", "PRAGMA", "SAVEPOINT", "BEGIN", "START", "COMMIT", "ROLLBACK", "RELEASE", "SET", "SHOW", "EXPLAIN", "DESCRIBE", "DESC"]);
const IDENTIFIER = String.raw`(?:\`[^\`]+\`|"[^"]+"|\[[^\]]+\]|[A-Za-z_][\w$]*)`;
const NAME = String.raw`(${IDENTIFIER}(?:\s*\.\s*${IDENTIFIER})?)`;
const INSERT = new RegExp(String.raw`^(?:INSERT|REPLACE)\s+(?:OR\s+\w+\s+|LOW_PRIORITY\s+|DELAYED\s+|HIGH_PRIORITY\s+|IGNORE\s+)*INTO\s+${NAME}`, "i");
const UPDATE = new RegExp(String.raw`^UPDATE\s+(?:OR\s+\w+\s+|LOW_PRIORITY\s+|IGNORE\s+)*${NAME}\s+(?:AS\s+${IDENTIFIER}\s+)?SET\b`, "i");
const DELETE = new RegExp(String.raw`^DELETE\s+(?:LOW_PRIORITY\s+|QUICK\s+|IGNORE\s+)*FROM\s+${NAME}\s*(?:$|;|WHERE\b|LIMIT\b|ORDER\b|RETURNING\b)`, "i");
const WRITE_WORD = /\b(?:INSERT|UPDATE|DELETE|REPLACE|MERGE|TRUNCATE|DROP|ALTER|CREATE)\b/i;

function bareName(name: string): string {
  const last = name.split(/\s*\.\s*(?=[`"[A-Za-z_])/).pop() ?? name;
  return last.replace(/^[`"[]|[`"\]]$/g, "").toLowerCase();
}

/** Leading blanks, comments and opening parentheses dropped. */
function statementStart(sql: string): string {
  let rest = sql;
  for (;;) {
    const trimmed = rest.replace(/^[\s(]+/, "");
    if (trimmed.startsWith("--")) rest = trimmed.slice(trimmed.indexOf("\n") === -1 ? trimmed.length : trimmed.indexOf("\n") + 1);
    else if (trimmed.startsWith("/*")) rest = trimmed.slice(trimmed.indexOf("*/") === -1 ? trimmed.length : trimmed.indexOf("*/") + 2);
    else return trimmed;
  }
}

export function writesOf(sql: string): StatementWrites {
  const text = statementStart(sql);
  const keyword = /^[A-Za-z]+/.exec(text)?.[0]?.toUpperCase() ?? "";
  if (READ_KEYWORDS.has(keyword)) {
    // `SELECT … INTO` a table, and the like: a read keyword followed by a write word is not vouched for.
    return keyword === "SELECT" && /\bINTO\s+(?!@)/i.test(text) && !/\bINTO\s+(?:OUTFILE|DUMPFILE)\b/i.test(text) ? { kind: "unknown" } : { kind: "read" };
  }
  if (keyword === "WITH") return WRITE_WORD.test(text) ? { kind: "unknown" } : { kind: "read" };
  const match = INSERT.exec(text) ?? UPDATE.exec(text) ?? DELETE.exec(text);
  return match?.[1] ? { kind: "write", tables: [bareName(match[1])] } : { kind: "unknown" };
}

/** True when the statement may change what a public page shows. */
export function changesPublicData(sql: string): boolean {
  const writes = writesOf(sql);
  if (writes.kind === "read") return false;
  if (writes.kind === "unknown") return true;
  return writes.tables.some((table) => !TABLES_NO_PUBLIC_PAGE_SHOWS.has(table));
}
