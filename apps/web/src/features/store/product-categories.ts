import { categoryLabel } from '@qbank/contract';

/** The category's label as SPEC §3 lists it (PHYSICIAN_ASSISTANT → Physician Assistant). */
export const categoryText = (value: string): string => categoryLabel(value);
