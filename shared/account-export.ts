/** The export's file name (GET /api/account/export), by the UTC date of the export: `voxpen-data-2026-11-05.json`. */
export function exportFileName(at: Date): string {
  return `voxpen-data-${at.toISOString().slice(0, 10)}.json`;
}
