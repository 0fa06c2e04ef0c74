import { LTI_ROLE } from '@qbank/contract';
import { sha256Hex } from '../../lib/crypto';

// What a launch and the roster sync both read of a platform's person, and the locks they both take.

/** A course role as the tool reads it: a learner, an instructor, or neither (nothing is granted). */
export function rolesOf(claim: unknown): { learner: boolean; instructor: boolean } {
  const roles = Array.isArray(claim) ? claim.filter((r): r is string => typeof r === 'string') : [];
  const has = (full: string) => roles.some((r) => r === full || r === full.split('#')[1]);
  return { learner: has(LTI_ROLE.learner), instructor: has(LTI_ROLE.instructor) };
}

/** The lock of a platform's person: their launches and the syncs that list them take turns on it. */
export const identityKey = (issuer: string, subject: string) => `lti-identity:${issuer}:${subject}`;
/** The lock of a course: its launches and its syncs take turns on it, always after the people's. */
export const courseKey = (platformId: string, contextId: string) => `lti-context:${platformId}:${contextId}`;

/** The address an account made for a platform's person gets when the platform gives none. */
export const placeholderEmail = (issuer: string, subject: string) =>
  `lti-${sha256Hex(`${issuer}\n${subject}`).slice(0, 32)}@lti.invalid`;
