// How receipts and invoices are referred to (issue 14 point 7). A payment's receipt carries the
// payment's own reference; a refund's is derived from its stay's; an invoice has its year's number.

/** The printed reference of a refund: R-<reservation reference>-<refund id>. */
export function refundReference(refundId: number, reservationReference: string): string {
  return `R-${reservationReference}-${refundId}`;
}

/** The invoice's printed number: DRN-2026-00042 (the 42nd invoice issued in 2026). */
export function invoiceNumber(invoice: { year: number; number: number }): string {
  return `DRN-${invoice.year}-${String(invoice.number).padStart(5, "0")}`;
}
