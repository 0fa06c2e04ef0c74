/** Error codes a service may throw; the server's error handler maps each to one HTTP status. */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** A session cookie came but its session has ended (idle or absolute expiry, logout elsewhere, password change). */
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  BAD_CREDENTIALS: 'BAD_CREDENTIALS',
  CSRF: 'CSRF',
  FORBIDDEN_ORIGIN: 'FORBIDDEN_ORIGIN',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  USER_EXISTS: 'USER_EXISTS',
  INVALID_TOKEN: 'INVALID_TOKEN',
  /** A spent registration link opened by a signed-in visitor whose account it verified: nothing left to do. */
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** A request body in a content type the endpoint does not take (JSON everywhere but POST /login's form). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  URI_TOO_LONG: 'URI_TOO_LONG',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  INTERNAL: 'INTERNAL',
  /** The server could not serve in time (no free database connection, a lock or statement limit): try again. */
  UNAVAILABLE: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  BAD_CREDENTIALS: 401,
  CSRF: 403,
  FORBIDDEN_ORIGIN: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  USER_EXISTS: 409,
  ALREADY_VERIFIED: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The JSON body of every error response (DESIGN.md §4). */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code: ErrorCode;
  field?: string;
}

/** Messages that SPEC §8 fixes word for word. */
export const Messages = {
  loginFailed: 'Username or password incorrect, please try again',
  loginNetwork: 'Failed to connect to server, please try again',
  sessionExpired: 'Your session has expired, please login again.',
  needReauthorize: 'Need to reauthorize',
  userExists: 'User exists',
  streamlinedNeedsPassword: 'Expected a password for the streamlined flow',
  registrationFallback: 'An unexpected error occurred during registration. Please try again.',
  invalidLink: 'This link is invalid or has expired.',
  /** Not in SPEC §8: a spent registration link opened again by a signed-in visitor (issue 8). */
  alreadyVerified: 'This email address is already verified.',
  resetFailed: 'Failed to reset password',
  currentPasswordWrong: 'Current password is incorrect',
  bodyHashMismatch: 'Body-Hash does not match the description',
} as const;
