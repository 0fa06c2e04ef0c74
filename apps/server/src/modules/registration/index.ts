// The registration module: sign-up, e-mail confirmation and the registration that completes it.
import type { ServerModule } from '../manifest';
import { registrationRoutes } from './routes';

export { queueVerificationMail, registrationService } from './service';

export const registrationModule: ServerModule = { name: 'registration', routes: registrationRoutes };
