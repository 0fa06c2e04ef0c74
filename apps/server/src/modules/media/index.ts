// The media module: question media files, uploaded, listed, removed and served by content hash.
import type { ServerModule } from '../manifest';
import { mediaRoutes } from './routes';

export const mediaModule: ServerModule = { name: 'media', routes: mediaRoutes };
