// The Tunisian tax identifier ("matricule fiscal", MF) a host acting for a company declares
// (issue 16 point 5). Its written form is
//   1234567 A / A / M / 000
//   │       │   │   │   └ establishment number: 000 for the main one, another for a secondary one
//   │       │   │   └ category: M legal entity, P natural person, C trader, N non-resident, E secondary establishment
//   │       │   └ VAT code: A, P, B, D or N (left out by some documents)
//   │       └ control letter
//   └ seven digits (a six-digit one is written with a leading 0)
// The control letter's algorithm is not published, so the check is on the format; people write
// the parts with slashes, spaces, dashes or dots, in any case: all are read, and the MF is kept in
// one normal form, "1234567A/A/M/000" (or "1234567A/M/000" without the VAT code).

const COMPACT = /^(\d{7})([A-Z])([APBDN])?([MPCNE])(\d{3})$/;
const SEPARATORS = /[\s/.\-_]/g;

export type MatriculeFiscalIssue = "format" | "establishment";

export type MatriculeFiscalResult = { ok: true; value: string } | { ok: false; issue: MatriculeFiscalIssue };

/**
 * Reads a written MF. `format`: not an MF; `establishment`: a secondary establishment (E) numbered
 * 000, or a main one (M, P, C, N) numbered otherwise.
 */
export function parseMatriculeFiscal(text: string): MatriculeFiscalResult {
  const compact = text.toUpperCase().replace(SEPARATORS, "");
  const match = COMPACT.exec(compact);
  if (!match) return { ok: false, issue: "format" };
  const [, digits, key, vat, category, establishment] = match as unknown as [string, string, string, string | undefined, string, string];
  if ((category === "E") !== (establishment !== "000")) return { ok: false, issue: "establishment" };
  return { ok: true, value: [`${digits}${key}`, ...(vat ? [vat] : []), category, establishment].join("/") };
}
