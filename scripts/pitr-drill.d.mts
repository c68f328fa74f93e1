interface ChainCheck {
  ok: boolean;
  rows: number;
  first_broken_id: number | null;
}
export interface PitrDrillResult {
  ok: boolean;
  target: string;
  paymentsMade: number;
  paymentsAfterMistake: number;
  paymentsRecovered: number;
  totalsMatch: boolean;
  ledger: ChainCheck;
  audit: ChainCheck;
}
/** The point-in-time recovery drill on a throwaway cluster (scripts/pitr-drill.mjs). */
export function pitrDrill(options?: { payments?: number; log?: (line: string) => void }): Promise<PitrDrillResult>;
