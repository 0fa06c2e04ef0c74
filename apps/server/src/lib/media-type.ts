import { MEDIA_TYPES, type MediaContentType, type MediaKind } from '@qbank/contract';
import { fileTypeFromBuffer } from 'file-type';

export interface SniffedMedia {
  kind: MediaKind;
  contentType: MediaContentType;
  ext: string;
}

/**
 * What an upload is, by its bytes alone: the name and the declared type are the uploader's word and are
 * never asked. Null for anything that is not one of the contract's media types. `file-type` reads only
 * binary signatures, so text formats (SVG, HTML, plain text) never match, which is what we want: they
 * could carry script served from our origin.
 */
export async function sniffMedia(bytes: Uint8Array): Promise<SniffedMedia | null> {
  if (bytes.length === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  // An animated PNG is a PNG (browsers show it as one); file-type names it apart.
  const contentType = found.mime === 'image/apng' ? 'image/png' : found.mime;
  if (!Object.hasOwn(MEDIA_TYPES, contentType)) return null;
  const type = MEDIA_TYPES[contentType as MediaContentType];
  // file-type files some ISO media brands (F4V, M4P) under video/mp4 with their own extension; those are
  // Flash or DRM-locked audio, which a <video> element does not play.
  if (found.ext !== type.ext && found.ext !== 'apng') return null;
  return { kind: type.kind, contentType: contentType as MediaContentType, ext: type.ext };
}
