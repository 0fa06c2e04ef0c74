/**
 * One account per mailbox: the rules an e-mail address (and a person's name) must pass, pure so the server's
 * schemas and the web client's forms apply the same ones.
 */

/**
 * Characters a person cannot see: format characters (zero-width space and joiners, bidi controls, soft hyphen,
 * BOM), control characters, and the blank letters (Hangul fillers, braille blank).
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the class lists invisible marks one by one, on purpose
const INVISIBLE = /[\p{Cf}\p{Cc}\u115f\u1160\u3164\uffa0\u2800\u034f\u180b-\u180f\ufe00-\ufe0f]/u;
/** Anything shown as nothing or as blank space. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: as above
const BLANK = /[\p{Cf}\p{Cc}\p{Z}\s\u115f\u1160\u3164\uffa0\u2800\u034f\u180b-\u180f\ufe00-\ufe0f]/gu;

/** Alphabets with letters that look alike: one label (local part or domain label) may use only one of them. */
const CONFUSABLE_SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
] as const;

/** The form an address is stored and compared in: trimmed, NFKC (full-width and compatibility letters folded), lower case. */
export function normalizeEmail(address: string): string {
  return address.trim().normalize('NFKC').toLowerCase();
}

/** Whether a string holds a character nobody can see. */
export const hasInvisible = (s: string): boolean => INVISIBLE.test(s);

/** Whether a string is empty once invisible characters and white space are taken out. */
export const isBlank = (s: string): boolean => s.replace(BLANK, '') === '';

/** The scripts of the look-alike alphabets a piece of text uses. */
function confusableScripts(s: string): Set<string> {
  const found = new Set<string>();
  for (const ch of s) for (const [name, re] of CONFUSABLE_SCRIPTS) if (re.test(ch)) found.add(name);
  return found;
}

/** Why a (normalized) address is refused, as the end of "Email address ..."; null when it is accepted. */
export function emailProblem(address: string): string | null {
  if (hasInvisible(address)) return 'must not contain invisible characters';
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const invalid = 'must be a valid e-mail address';
  if (at <= 0 || local.includes('@') || /\s/u.test(address)) return invalid;
  // As mail servers take them (RFC 5321/5322 dot-atoms): no empty part between dots, none at either end.
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return invalid;
  const labels = domain.split('.');
  if (domain.length > 253 || labels.length < 2) return invalid;
  for (const label of labels)
    if (!label || label.length > 63 || label.startsWith('-') || label.endsWith('-')) return invalid;
  if (!/^[\p{L}\p{M}]{2,}$/u.test(labels[labels.length - 1]!) && !/^xn--[a-z0-9-]+$/.test(labels.at(-1)!))
    return invalid;
  for (const part of [local, ...labels])
    if (confusableScripts(part).size > 1) return 'must not mix alphabets (such as Latin and Cyrillic)';
  return null;
}

/** Whether an address, as typed, is one an account can be made with. */
export const isValidEmail = (typed: string): boolean => emailProblem(normalizeEmail(typed)) === null;
