import { z } from "~/schemas/zod";
import { isIsoDate, toDayNumber } from "~/domain/stay-dates";

/** The longest period the dashboard shows (a year, leap or not). */
export const MAX_PERIOD_DAYS = 366;
/** The preset periods, in days ending today. */
export const PERIOD_PRESETS = [7, 30, 90, 365] as const;

const bothDates = (period: { from: string; to: string }) => isIsoDate(period.from) && isIsoDate(period.to);

const day = z
  .string({ error: "admin-analytics:errors.date" })
  .trim()
  .refine(isIsoDate, { error: "admin-analytics:errors.date" });

/** The dashboard's GET form: ?from=YYYY-MM-DD&to=YYYY-MM-DD (both inclusive, Tunis days). */
export const AnalyticsPeriodSchema = z
  .object({ from: day, to: day })
  // Checked only once both are dates (zod runs an object's refinements after a field failed).
  .refine((period) => !bothDates(period) || period.from <= period.to, { path: ["to"], error: "admin-analytics:errors.order" })
  .refine((period) => !bothDates(period) || toDayNumber(period.to) - toDayNumber(period.from) < MAX_PERIOD_DAYS, {
    path: ["to"],
    error: "admin-analytics:errors.tooLong",
  });
