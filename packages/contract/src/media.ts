import { z } from 'zod';

export type MediaKind = 'image' | 'video';

/**
 * The media a question may carry, by content type, with the file extension we serve it under. Only formats
 * every current browser shows in <img> or plays in <video> without a plug-in; SVG is left out on purpose,
 * since it can carry script and would run with our origin when opened directly.
 */
export const MEDIA_TYPES = {
  'image/png': { kind: 'image', ext: 'png' },
  'image/jpeg': { kind: 'image', ext: 'jpg' },
  'image/gif': { kind: 'image', ext: 'gif' },
  'image/webp': { kind: 'image', ext: 'webp' },
  'video/mp4': { kind: 'video', ext: 'mp4' },
  'video/webm': { kind: 'video', ext: 'webm' },
} as const satisfies Record<string, { kind: MediaKind; ext: string }>;
export type MediaContentType = keyof typeof MEDIA_TYPES;

const MiB = 1024 * 1024;

/**
 * Largest upload per kind, in bytes. 10 MiB holds a full-resolution phone photo or a large scanned diagram
 * (typically 2-8 MB); 200 MiB holds several minutes of 1080p teaching video (~5 Mbit/s is ~37 MiB a
 * minute) while keeping one upload short enough to finish over an ordinary connection. Longer lectures
 * belong on a video host, linked from the question.
 */
export const MEDIA_LIMITS: Readonly<Record<MediaKind, number>> = { image: 10 * MiB, video: 200 * MiB };

/** The most any upload may be, before its bytes say which kind it is: the multipart limit. */
export const MEDIA_MAX_BYTES = Math.max(...Object.values(MEDIA_LIMITS));

/** The kind of an allowed content type ('image/PNG; x=y' counts as image/png); null for anything else. */
export function mediaKind(contentType: string): MediaKind | null {
  const essence = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return Object.hasOwn(MEDIA_TYPES, essence) ? MEDIA_TYPES[essence as MediaContentType].kind : null;
}

/** Where a media item sits in a question (SPEC §7 mediaType). */
export const QUESTION_MEDIA_TYPES = ['STEM', 'EXPLANATION'] as const;
export type QuestionMediaType = (typeof QUESTION_MEDIA_TYPES)[number];

export const mediaUploadParams = z.object({
  questionId: z.uuid({ error: 'questionId must be a UUID' }),
});

/** POST questionMedia/{questionId}?mediaType=STEM|EXPLANATION&async=true|false (SPEC §7). */
export const mediaUploadQuery = z.object({
  mediaType: z.enum(QUESTION_MEDIA_TYPES, { error: 'mediaType must be STEM or EXPLANATION' }),
  // Absent means false: the upload answers once the file is stored.
  async: z
    .enum(['true', 'false'], { error: 'async must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type MediaUploadQuery = z.output<typeof mediaUploadQuery>;

/** A media file's address: its SHA-256, hex. */
export const mediaHashParams = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'hash must be a SHA-256 in lower-case hex' }),
});

/** POST products/{id}/mediaFiles: a file stored for a question's next save, before the save names it. */
export const storedMediaFile = z.object({ hash: z.string(), url: z.string(), contentType: z.string() });
export type StoredMediaFile = z.infer<typeof storedMediaFile>;

/** The most media items one field of a question (its stem, its explanation) may carry. */
export const MEDIA_ITEMS_MAX = 20;
export const mediaDeleteParams = z.object({
  questionId: z.uuid({ error: 'questionId must be a UUID' }),
  mediaId: z.uuid({ error: 'mediaId must be a UUID' }),
});
export const mediaDeleteQuery = z.object({
  mediaType: z.enum(QUESTION_MEDIA_TYPES, { error: 'mediaType must be STEM or EXPLANATION' }).optional(),
});
