// The one way a team action is recorded (ADR 170): audit(transaction, …) inside the action's own
// transaction, so the row exists exactly when the action does. Rows are never changed.
import { Op, type Transaction, type WhereOptions } from "sequelize";
import { AuditEntry } from "~/db/models/audit-entry.server";
import { User } from "~/db/models/user.server";
import { recordTypeOf, type AuditKind } from "~/domain/audit";

export interface AuditInput {
  operatorId: number;
  kind: AuditKind;
  recordId: number | string;
  reason?: string | null;
  details?: Record<string, unknown> | null;
  now?: Date;
}

export async function audit(transaction: Transaction, input: AuditInput): Promise<void> {
  await AuditEntry.create(
    {
      operatorId: input.operatorId,
      kind: input.kind,
      recordType: recordTypeOf(input.kind),
      recordId: String(input.recordId),
      reason: input.reason?.slice(0, 1000) ?? null,
      details: input.details ? JSON.stringify(input.details) : null,
      createdAt: input.now ?? new Date(),
    },
    { transaction },
  );
}

export interface AuditFilter {
  operatorId?: number | null;
  kind?: AuditKind | null;
  recordType?: string | null;
  recordId?: string | null;
  /** Rows older than this id (the page after). */
  before?: number | null;
}

export interface AuditRow {
  id: number;
  operatorId: number;
  operatorName: string;
  kind: string;
  recordType: string;
  recordId: string;
  reason: string | null;
  details: string | null;
  createdAt: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** The newest rows matching the filter, AUDIT_PAGE_SIZE at a time, and the cursor of the next page. */
export async function listAudit(filter: AuditFilter): Promise<{ rows: AuditRow[]; next: number | null }> {
  const where: WhereOptions<AuditEntry> = {};
  if (filter.operatorId) where.operatorId = filter.operatorId;
  if (filter.kind) where.kind = filter.kind;
  if (filter.recordType) where.recordType = filter.recordType;
  if (filter.recordId) where.recordId = filter.recordId;
  if (filter.before) where.id = { [Op.lt]: filter.before };
  const entries = await AuditEntry.findAll({ where, order: [["id", "DESC"]], limit: AUDIT_PAGE_SIZE + 1 });
  const page = entries.slice(0, AUDIT_PAGE_SIZE);
  const operators = await User.findAll({ where: { id: [...new Set(page.map((entry) => entry.operatorId))] }, attributes: ["id", "firstName", "lastName"] });
  const names = new Map(operators.map((user) => [user.id, `${user.firstName} ${user.lastName}`]));
  return {
    rows: page.map((entry) => ({
      id: entry.id,
      operatorId: entry.operatorId,
      operatorName: names.get(entry.operatorId) ?? `#${entry.operatorId}`,
      kind: entry.kind,
      recordType: entry.recordType,
      recordId: entry.recordId,
      reason: entry.reason,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
    })),
    next: entries.length > AUDIT_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
}

/** The members of the team, for the audit log's operator filter. */
export async function listStaff(): Promise<Array<{ id: number; name: string; role: string }>> {
  const users = await User.findAll({ where: { role: ["support", "operator"] }, order: [["firstName", "ASC"], ["id", "ASC"]] });
  return users.map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}`, role: user.role }));
}
