import { type ContactMessage, contactApi } from '@qbank/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { sha256Hex } from '../../../lib/sha256';

/** Sends a contact message; the Body-Hash header is the SHA-256 hex of the description (SPEC §7). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (m: ContactMessage) =>
      call(contactApi.send, { body: m }, { headers: { 'Body-Hash': sha256Hex(m.description) } }),
  });
}
