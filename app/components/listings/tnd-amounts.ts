// Integer millimes as the listing forms show and take them (TND, three decimals).
/** Integer millimes as the host types them in TND ("120", "85.5"). */
export function millimesToInput(millimes: number | null | undefined): string {
  if (millimes === null || millimes === undefined) return "";
  const dinars = Math.trunc(millimes / 1000);
  const rest = Math.abs(millimes % 1000);
  return rest === 0 ? String(dinars) : `${dinars}.${String(rest).padStart(3, "0").replace(/0+$/, "")}`;
}

/** Integer millimes shown as "120.500 DT". */
export function formatTnd(millimes: number | null | undefined): string {
  if (millimes === null || millimes === undefined) return "—";
  const dinars = Math.trunc(millimes / 1000);
  return `${dinars}.${String(Math.abs(millimes % 1000)).padStart(3, "0")} DT`;
}
