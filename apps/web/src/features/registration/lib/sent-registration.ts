/**
 * The registration whose verification mail was just sent, kept in this tab's sessionStorage so a reload of
 * 'Verify your email' still shows that page and its resend link (issue 8). The password is never kept: a
 * streamlined resend after a reload asks for it again.
 */
export interface SentRegistration {
  firstName: string;
  lastName: string;
  email: string;
  /** The plan of a streamlined registration; null for the plain one. */
  priceId: string | null;
}

const KEY = 'qbank.registration.sent';

export function readSentRegistration(priceId: string | null): SentRegistration | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<SentRegistration>;
    if (typeof v.email !== 'string' || typeof v.firstName !== 'string' || typeof v.lastName !== 'string')
      return null;
    // Only the page it was sent from: /register?priceId=A does not show B's mail.
    if ((v.priceId ?? null) !== priceId) return null;
    return { firstName: v.firstName, lastName: v.lastName, email: v.email, priceId };
  } catch {
    return null;
  }
}

export function keepSentRegistration(v: SentRegistration) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(v));
  } catch {
    // Storage full or blocked: a reload shows the form again, as before.
  }
}

export function forgetSentRegistration() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
