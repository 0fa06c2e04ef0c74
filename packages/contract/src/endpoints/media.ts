import {
  MEDIA_MAX_BYTES,
  mediaDeleteParams,
  mediaDeleteQuery,
  mediaHashParams,
  mediaUploadParams,
  mediaUploadQuery,
  storedMediaFile,
} from '../media';
import { mediaItem, questionSaved } from '../questions';
import { productIdParams } from '../store';
import { endpoint } from './endpoint';

/** SPEC §7 question media: a file served by its hash, and removing one from a question. */
export const mediaApi = {
  store: endpoint({
    method: 'POST',
    path: '/api/v2/products/:id/mediaFiles',
    summary:
      "Store an image or a video for a question's next save, which names it by hash in `media`: the question's one save is then one version with it",
    tags: ['media'],
    access: 'user',
    params: productIdParams,
    bodyType: 'multipart',
    upload: { field: 'media', maxBytes: MEDIA_MAX_BYTES },
    response: storedMediaFile,
    status: 201,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/v2/questionMedia/:questionId',
    summary:
      'Add an image (PNG, JPEG, GIF, WebP) or a video (MP4, WebM) to a question: a new version with it',
    tags: ['media'],
    access: 'user',
    params: mediaUploadParams,
    query: mediaUploadQuery,
    bodyType: 'multipart',
    // The field SPEC §7 names; the largest kind (video), since the type is known only from the bytes.
    upload: { field: 'media', maxBytes: MEDIA_MAX_BYTES },
    response: mediaItem,
    status: 201,
  }),
  file: endpoint({
    method: 'GET',
    path: '/api/v2/media/:hash',
    summary: 'A media file by its SHA-256 (images and video), with byte ranges for video',
    tags: ['media'],
    access: 'user',
    params: mediaHashParams,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v2/questionMedia/:questionId/delete/:mediaId',
    summary: 'Remove a media item from a question: a new version without it',
    tags: ['media'],
    access: 'user',
    params: mediaDeleteParams,
    query: mediaDeleteQuery,
    response: questionSaved,
  }),
};
