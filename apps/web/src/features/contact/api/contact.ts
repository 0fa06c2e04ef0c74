import type { ContactMessage } from '@qbank/contract';
import { api } from '../../../lib/http';
import { sha256Hex } from '../../../lib/sha256';

/** Sends a contact message; the Body-Hash header is the SHA-256 hex of the description (SPEC §7). */
export const sendContactMessage = (m: ContactMessage) =>
  api.post<{ uuid: string }>('/api/v2/contact', m, { headers: { 'Body-Hash': sha256Hex(m.description) } });
