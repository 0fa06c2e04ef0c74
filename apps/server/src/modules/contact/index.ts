// The contact module: the contact form's messages to the team.
import type { ServerModule } from '../manifest';
import { contactRoutes } from './routes';

export const contactModule: ServerModule = { name: 'contact', routes: contactRoutes };
