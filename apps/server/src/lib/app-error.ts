import { type ErrorCode, errorStatus } from '@qbank/contract';

/** The one error type services throw; the error handler maps its code to an HTTP status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}
