import { productPublishedInput, productSettings, productSettingsInput } from '../product-settings';
import { productIdParams } from '../store';
import { endpoint } from './endpoint';

/** A product's store page and whether the store lists it (docs/product-settings.md): its admins and superusers. */
export const productSettingsApi = {
  read: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/settings',
    summary: "A product's store settings (name, category, texts, additionalContent fields) and publication",
    tags: ['product-settings'],
    access: 'user',
    params: productIdParams,
    response: productSettings,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/v2/products/:id/settings',
    summary:
      "Replace a product's store settings; expectedVersion is the version read (409 when someone saved since)",
    tags: ['product-settings'],
    access: 'user',
    params: productIdParams,
    body: productSettingsInput,
    response: productSettings,
  }),
  setPublished: endpoint({
    method: 'POST',
    path: '/api/v2/products/:id/published',
    summary:
      'Publish or unpublish a product on the store (publishing needs an active public plan: 409 without one)',
    tags: ['product-settings'],
    access: 'user',
    params: productIdParams,
    body: productPublishedInput,
    response: productSettings,
  }),
};
