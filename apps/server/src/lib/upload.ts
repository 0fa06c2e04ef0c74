import { setImmediate as nextTurn } from 'node:timers/promises';
import { ErrorCode, type UploadField } from '@qbank/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** A file as an upload brought it: the name the browser gave and the bytes. */
export interface Upload {
  fileName: string;
  bytes: Uint8Array;
}

const inMegabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** How much of an upload is copied into its one buffer in one turn of the event loop (about 2 ms of work). */
const COPY_SLICE_BYTES = 4 * 1024 * 1024;

/**
 * A file part's bytes in one buffer, or 'too large' when the parser stopped at the limit. The multipart
 * plugin's `toBuffer` joins the chunks in one `Buffer.concat`: for a 50 MB import the event loop stopped 40 ms
 * (a CPU profile of the import bench). Here the chunks are copied a few megabytes a turn instead.
 */
async function readAll(
  stream: AsyncIterable<Buffer> & { truncated?: boolean },
): Promise<Buffer | 'too large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    if (stream.truncated) return 'too large'; // leaving the loop destroys the stream
    chunks.push(chunk);
    size += chunk.length;
  }
  if (stream.truncated) return 'too large';
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  let sinceTurn = 0;
  for (const chunk of chunks) {
    chunk.copy(out, at);
    at += chunk.length;
    sinceTurn += chunk.length;
    if (sinceTurn >= COPY_SLICE_BYTES) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  return out;
}

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
    const bytes = await readAll(file.file);
    if (bytes === 'too large') throw Object.assign(new Error('file too large'), { statusCode: 413 });
    return {
      fileName: file.filename ?? '',
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
    };
  } catch (e) {
    throw unreadable(e);
  }
}
