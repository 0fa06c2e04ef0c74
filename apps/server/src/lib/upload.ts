import { ErrorCode, type UploadField } from '@qbank/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** A file as an upload brought it: the name the browser gave and the bytes. */
export interface Upload {
  fileName: string;
  bytes: Uint8Array;
}

const inMegabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The one file of a multipart/form-data request (an endpoint with `bodyType: 'multipart'`), under the field
 * its endpoint declares (`upload`, which the API document shows too), read into memory up to the declared
 * `maxBytes`: a route reads it and hands the service plain bytes. A request without the file answers
 * 400 naming `field`; a larger file 413 naming it (the parser stops reading at the limit). Whatever else goes
 * wrong while the body is parsed — a body cut off inside the file part or its headers, a broken part, a
 * connection closed early — is the request's doing and answers 400 naming `field`, never a 500.
 */
export async function readUpload(req: FastifyRequest, { field, maxBytes }: UploadField): Promise<Upload> {
  const missing = () => new AppError(ErrorCode.VALIDATION, `${field} is required`, field);
  if (!req.isMultipart()) throw missing();
  /** The parser's own errors, whichever step they surface in: 413 past a limit, 400 for the rest. */
  const unreadable = (e: unknown) =>
    (e as { statusCode?: number }).statusCode === 413 ||
    (e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
      ? new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `${field} must be at most ${inMegabytes(maxBytes)}`, field)
      : new AppError(ErrorCode.VALIDATION, `${field} could not be read: the upload is malformed`, field);
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (e) {
    throw unreadable(e);
  }
  if (!file || file.fieldname !== field) {
    file?.file.resume(); // let the rest of the request drain
    throw missing();
  }
  try {
    const bytes = await file.toBuffer();
    return {
      fileName: file.filename ?? '',
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
    };
  } catch (e) {
    throw unreadable(e);
  }
}
