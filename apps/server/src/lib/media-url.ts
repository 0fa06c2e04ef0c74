/** Where a media file is served (modules/media): by the SHA-256 hex of its bytes. */
export const mediaUrl = (hash: string) => `/api/v2/media/${hash}`;
