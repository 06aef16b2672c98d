// Small statistics for the benchmark reports.

/** The p-th percentile (0 < p ≤ 100) of ascending-sorted samples, by nearest rank. */
export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return Number.NaN;
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  const rank = Math.ceil((p / 100) * sortedAscending.length);
  return sortedAscending[Math.min(rank, sortedAscending.length) - 1]!;
}

export interface LoadSummary {
  label: string;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time per answer (ms), when the run was given its pid. */
  serverCpuMsPerRequest?: number;
}

/** Summary of one load run from its per-response latencies (ms) and elapsed seconds. */
export function summarize(
  label: string,
  latenciesMs: readonly number[],
  seconds: number,
  counts: { non2xx: number; errors: number },
): LoadSummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    label,
    requests: sorted.length,
    seconds,
    requestsPerSecond: seconds > 0 ? sorted.length / seconds : Number.NaN,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    non2xx: counts.non2xx,
    errors: counts.errors,
  };
}

/** A fixed-width text table. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows
    .map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "))
    .join("\n");
}
