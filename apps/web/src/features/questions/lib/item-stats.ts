import { ITEM_FLAG_LABELS, type ItemFlag } from '@qbank/contract';

/** Facility as a percentage ("64%"); a dash when there is none (no key, no answer). */
export const formatFacility = (f: number | null) => (f === null ? '—' : `${Math.round(f * 100)}%`);

/** Discrimination to two decimals with a true minus sign ("−0.12"); a dash when there is none. */
export const formatDiscrimination = (d: number | null) =>
  d === null
    ? '—'
    : d
        .toFixed(2)
        .replace('-', '−')
        .replace(/^−0\.00$/, '0.00');

/** A share of a third as a percentage ("33%"); a dash when nobody there chose it. */
export const formatShare = (s: number | undefined) => (s === undefined ? '—' : `${Math.round(s * 100)}%`);

/** The flags in words, in the contract's order. */
export const flagWords = (flags: readonly ItemFlag[]) => flags.map((f) => ITEM_FLAG_LABELS[f]);
