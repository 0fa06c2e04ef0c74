import { Brand, type IngestionCounts, type IngestionOutcome, WELCOME_LINK_DAYS } from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { composeMail } from '../../infra/mail-layout';
import { issueTokens } from '../accounts';
import { enrolStudents } from './enrol';
import { accountsByEmail, claimUnverified, insertStudentAccounts } from './ingestion-repository';

// One batch of bulk enrolment, in the caller's transaction: the write both POST useringestion and the class
// list's commit job make (docs/enrolment-files.md).

const DAY_MS = 24 * 60 * 60 * 1000;
/** Mails composed and queued per statement: 25 keep each step a few milliseconds on a busy 2-core machine. */
const MAIL_CHUNK = 25;

export interface IngestedUser {
  email: string;
  firstName: string;
  lastName: string;
}

export const noCounts = (): IngestionCounts => ({ created: 0, joined: 0, alreadyStudent: 0, held: 0 });

export function addCount(counts: IngestionCounts, outcome: IngestionOutcome) {
  if (outcome === 'CREATED') counts.created++;
  else if (outcome === 'JOINED') counts.joined++;
  else if (outcome === 'ALREADY_STUDENT') counts.alreadyStudent++;
  else counts.held++;
}

/**
 * Enrols the users (each address once, stored lower case) as students of the product, in `tx`:
 * - an address without an account gets one (a student only: no staff role, not a superuser, no password) and
 *   a welcome mail whose link sets the password (WELCOME_LINK_DAYS); so does an account whose registration
 *   was never finished (its unproved password dropped);
 * - an existing account joins (no password change) and gets a notice;
 * - students already in, and those the instructors hold, are left as they are; nothing is mailed.
 * Everything goes through enrolStudents: the cap refuses the whole batch (409 naming `cap`), the history gets
 * a row per student who joined. Run again with the same users it changes nothing and sends nothing.
 */
export async function ingestBatch(
  deps: Pick<Deps, 'mailer' | 'config'>,
  tx: DbOrTx,
  b: {
    productId: string;
    productName: string;
    cohortId: string | null;
    actorId: string;
    users: IngestedUser[];
    now: Date;
    details?: Record<string, unknown>;
  },
): Promise<Map<string, IngestionOutcome>> {
  const { mailer, config } = deps;
  const emails = b.users.map((u) => u.email);
  let accounts = await accountsByEmail(tx, emails);
  const created = await insertStudentAccounts(
    tx,
    b.users.filter((u) => !accounts.has(u.email)),
    b.now,
  );
  const welcome = new Set<string>([
    ...created.map((c) => c.id),
    ...[...accounts.values()].filter((a) => !a.verified).map((a) => a.id),
  ]);
  // An address someone registered meanwhile was skipped by the insert: read it again.
  if (accounts.size + created.length < emails.length) accounts = await accountsByEmail(tx, emails);
  else for (const c of created) accounts.set(c.email, { ...c, verified: true });
  const enrolled = await enrolStudents(tx, {
    productId: b.productId,
    userIds: [...accounts.values()].map((a) => a.id),
    cohortId: b.cohortId,
    actorId: b.actorId,
    source: 'INGESTION',
    now: b.now,
    details: b.details,
  });
  const joined = new Set(enrolled.joined);
  const held = new Set(enrolled.held);
  // Only those who joined now are taken over: a held account stays as it was.
  const claimed = [...welcome].filter((id) => joined.has(id));
  await claimUnverified(tx, claimed, b.now);

  const outcomes = new Map<string, IngestionOutcome>();
  const welcomed: { userId: string; user: IngestedUser }[] = [];
  const noticed: IngestedUser[] = [];
  for (const u of b.users) {
    const account = accounts.get(u.email);
    if (!account) continue;
    const outcome: IngestionOutcome = held.has(account.id)
      ? 'HELD'
      : !joined.has(account.id)
        ? 'ALREADY_STUDENT'
        : welcome.has(account.id)
          ? 'CREATED'
          : 'JOINED';
    outcomes.set(u.email, outcome);
    if (outcome === 'CREATED') welcomed.push({ userId: account.id, user: u });
    else if (outcome === 'JOINED') noticed.push(u);
  }
  // The set-password links, all in two statements.
  const tokens = await issueTokens(
    tx,
    welcomed.map((w) => w.userId),
    'PASSWORD_RESET',
    b.now,
    { welcome: b.productId },
    WELCOME_LINK_DAYS * DAY_MS,
  );
  const until = new Date(b.now.getTime() + WELCOME_LINK_DAYS * DAY_MS).toUTCString();
  const welcomeMail = ({ userId, user }: { userId: string; user: IngestedUser }) =>
    composeMail(
      user.email,
      `Welcome to ${b.productName} on ${Brand.name}`,
      [
        `Hi ${user.firstName},`,
        `Your instructor has enrolled you in ${b.productName} on ${Brand.name}. Your account is ready: choose a password with the link below, then sign in with this e-mail address.`,
        `The link works once, until ${until}. After that, use "Forgot password" on the sign-in page.`,
      ],
      {
        label: 'Choose your password',
        url: `${config.publicUrl}/resetPassword?token=${encodeURIComponent(tokens.get(userId)!)}`,
      },
    );
  const noticeMail = (user: IngestedUser) =>
    composeMail(
      user.email,
      `You have been added to ${b.productName}`,
      [
        `Hi ${user.firstName},`,
        `Your instructor has added you to ${b.productName} on ${Brand.name}. It is in your QBanks now.`,
      ],
      { label: `Open ${b.productName}`, url: `${config.publicUrl}/dashboard` },
    );
  // The mails in this transaction (sent only if it commits), MAIL_CHUNK to a statement: composing and checking
  // 500 at once held the event loop some 100 ms on a busy machine, and 100 kept other requests' p99 over 20 ms.
  const mails = [...welcomed.map((w) => () => welcomeMail(w)), ...noticed.map((u) => () => noticeMail(u))];
  for (let at = 0; at < mails.length; at += MAIL_CHUNK)
    await mailer.queueMany(
      tx,
      mails.slice(at, at + MAIL_CHUNK).map((compose) => compose()),
    );
  return outcomes;
}
