// The product-settings module: a product's store page (name, category, texts, additionalContent) and whether
// the store lists it, set by its admins and superusers (docs/product-settings.md).
import type { ServerModule } from '../manifest';
import { productSettingsRoutes } from './routes';

export const productSettingsModule: ServerModule = {
  name: 'product-settings',
  routes: productSettingsRoutes,
};
