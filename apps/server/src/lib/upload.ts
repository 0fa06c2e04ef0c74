import { ErrorCode } from '@qbank/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** A file as an upload brought it: the name the browser gave and the bytes. */
export interface Upload {
  fileName: string;
  bytes: Uint8Array;
}

const inMegabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The one file of a multipart/form-data request (an endpoint with `bodyType: 'multipart'`), read into memory
 * up to `maxBytes`: a route reads it and hands the service plain bytes. A request without the file answers
 * 400 naming `field`; a larger file 413 naming it (the parser stops reading at the limit).
 */
export async function readUpload(req: FastifyRequest, field: string, maxBytes: number): Promise<Upload> {
  const missing = () => new AppError(ErrorCode.VALIDATION, `${field} is required`, field);
  if (!req.isMultipart()) throw missing();
  const tooLarge = () =>
    new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `${field} must be at most ${inMegabytes(maxBytes)}`, field);
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw new AppError(ErrorCode.VALIDATION, `${field} could not be read: the upload is malformed`, field);
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
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw e;
  }
}
