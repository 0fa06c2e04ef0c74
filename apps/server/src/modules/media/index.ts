// The media module: question media files, uploaded, listed, removed and served by content hash.
import type { ServerModule } from '../manifest';
import { mediaRoutes } from './routes';

/** Stored files' rows (content type and size by hash): the product logos are stored as question media are. */
export { findMediaFile, recordMediaFile } from './repository';

export const mediaModule: ServerModule = { name: 'media', routes: mediaRoutes };
