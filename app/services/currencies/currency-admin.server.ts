// Operators' currency table (/admin/currencies): rates are what 1 TND is worth, in millionths
// (ADR 010). TND itself is the currency of every charge and always worth 1: it cannot be changed.
import { UniqueConstraintError } from "sequelize";
import { Currency } from "~/db/models/currency.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { TND } from "~/domain/money";
import { AppError } from "~/utils/app-error";
import { audit } from "~/services/admin/audit.server";

export interface CurrencyRow {
  code: string;
  symbol: string;
  valueMicros: number;
  decimals: number;
  position: number;
  updatedAt: string;
}

export async function listCurrencyRows(): Promise<CurrencyRow[]> {
  const rows = await Currency.findAll({ order: [["position", "ASC"], ["code", "ASC"]] });
  return rows.map((row) => ({
    code: row.code,
    symbol: row.symbol,
    valueMicros: row.valueMicros,
    decimals: row.decimals,
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Sets a currency's rate and symbol. */
export async function updateCurrency(operatorId: number, input: { code: string; symbol: string; valueMicros: number }): Promise<void> {
  if (input.code === TND.code) throw new AppError(400, "admin:currencies.errors.tndFixed", { fields: { rate: "admin:currencies.errors.tndFixed" } });
  await writeTransaction(async (transaction) => {
    const row = await Currency.findByPk(input.code, { transaction });
    if (!row) throw new AppError(404, "admin:currencies.errors.unknown", { values: { code: input.code } });
    const before = { symbol: row.symbol, valueMicros: row.valueMicros };
    await row.update({ symbol: input.symbol, valueMicros: input.valueMicros }, { transaction });
    await audit(transaction, { operatorId, kind: "currency.update", recordId: input.code, details: { before, after: { symbol: input.symbol, valueMicros: input.valueMicros } } });
  });
}

/** Adds a display currency at the end of the list. */
export async function addCurrency(operatorId: number, input: { code: string; symbol: string; valueMicros: number; decimals: number }): Promise<void> {
  const exists = () =>
    new AppError(409, "admin:currencies.errors.exists", { values: { code: input.code }, fields: { code: "admin:currencies.errors.exists" } });
  try {
    await writeTransaction(async (transaction) => {
      if (input.code === TND.code || (await Currency.findByPk(input.code, { transaction }))) throw exists();
      const last = (await Currency.max<number, Currency>("position", { transaction })) ?? 0;
      await Currency.create({ ...input, position: Number(last) + 1 }, { transaction });
      await audit(transaction, { operatorId, kind: "currency.add", recordId: input.code, details: { ...input } });
    });
  } catch (error) {
    // Two operators adding the same code at once: the primary key keeps one.
    if (error instanceof UniqueConstraintError) throw exists();
    throw error;
  }
}
