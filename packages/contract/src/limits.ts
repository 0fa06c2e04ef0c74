export const Limits = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  emailMax: 254,
  contactDescriptionMax: 5000,
  tokenMax: 200,
  /** Verification and reset links expire after one hour (SPEC §9). */
  linkTtlMs: 60 * 60 * 1000,
  /** Signed-in sessions: idle and absolute expiry (DESIGN.md §4). */
  sessionIdleMs: 7 * 24 * 60 * 60 * 1000,
  sessionAbsoluteMs: 30 * 24 * 60 * 60 * 1000,
  referralTokenMax: 100,
} as const;

/** Rate limits for logged-out posts: [max requests, window in ms]. */
export const RateLimits = {
  /**
   * Failed sign-ins (docs/decisions/0011-sign-in-limits.md): per account and address, a per-account ceiling
   * across addresses, per address; a device that signed in to the account before has its own allowance instead.
   */
  loginPerAccountAndAddress: [10, 15 * 60 * 1000],
  loginPerAccount: [100, 60 * 60 * 1000],
  loginPerAddress: [50, 15 * 60 * 1000],
  loginPerKnownDevice: [10, 15 * 60 * 1000],
  registrationPerAddress: [20, 60 * 60 * 1000],
  registrationPerAccount: [5, 60 * 60 * 1000],
  resetPerAccount: [5, 60 * 60 * 1000],
  resetPerAddress: [20, 60 * 60 * 1000],
  contactPerAddress: [10, 60 * 60 * 1000],
  /** Per sender: the e-mail address typed into the form, and the signed-in user whatever address they type. */
  contactPerAccount: [5, 60 * 60 * 1000],
  passwordUpdatePerAccount: [10, 15 * 60 * 1000],
  /** A learner's "Report a problem" reports, whatever the question. */
  problemReportsPerAccount: [10, 60 * 60 * 1000],
} as const satisfies Record<string, readonly [number, number]>;
