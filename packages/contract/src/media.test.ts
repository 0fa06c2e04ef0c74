import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MEDIA_MAX_BYTES, MEDIA_TYPES, mediaKind, mediaUploadQuery } from './media';

describe('media types', () => {
  it('allows the four image and two video formats, nothing else', () => {
    expect(Object.keys(MEDIA_TYPES).sort()).toEqual([
      'image/gif',
      'image/jpeg',
      'image/png',
      'image/webp',
      'video/mp4',
      'video/webm',
    ]);
    expect(mediaKind('image/png')).toBe('image');
    expect(mediaKind('video/webm')).toBe('video');
    expect(mediaKind('IMAGE/JPEG; charset=binary')).toBe('image');
    for (const other of [
      'image/svg+xml',
      'text/html',
      'application/pdf',
      'video/quicktime',
      '',
      'constructor',
    ])
      expect(mediaKind(other)).toBeNull();
  });

  it('limits uploads per kind, the largest being the multipart limit', () => {
    expect(MEDIA_LIMITS).toEqual({ image: 10 * 1024 * 1024, video: 200 * 1024 * 1024 });
    expect(MEDIA_MAX_BYTES).toBe(MEDIA_LIMITS.video);
  });
});

describe('mediaUploadQuery', () => {
  const message = (input: unknown) => mediaUploadQuery.safeParse(input).error?.issues[0]?.message;

  it('reads mediaType and async, async false when absent', () => {
    expect(mediaUploadQuery.parse({ mediaType: 'STEM', async: 'true' })).toEqual({
      mediaType: 'STEM',
      async: true,
    });
    expect(mediaUploadQuery.parse({ mediaType: 'EXPLANATION' })).toEqual({
      mediaType: 'EXPLANATION',
      async: false,
    });
  });

  it('names the field in its message', () => {
    expect(message({})).toBe('mediaType must be STEM or EXPLANATION');
    expect(message({ mediaType: 'stem' })).toBe('mediaType must be STEM or EXPLANATION');
    expect(message({ mediaType: 'STEM', async: 'yes' })).toBe('async must be true or false');
  });
});
