// Cell safety is shared by every CSV and Excel file the server writes (lib/cell-safety.ts).
export { readCell, safeCell, toSafeCsv } from '../../../lib/cell-safety';
