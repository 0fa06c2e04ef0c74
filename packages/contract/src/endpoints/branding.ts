import { colorMapInput, LOGO_FIELD, LOGO_MAX_BYTES, logoFileParams, productBranding } from '../branding';
import { logoQuery, productIdParams } from '../store';
import { endpoint } from './endpoint';

/** A product's colours and logos (docs/branding.md): its admins and superusers change them. */
export const brandingApi = {
  read: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/branding',
    summary: "A product's colour map and the URL of each of its logos, for its admins",
    tags: ['branding'],
    access: 'user',
    params: productIdParams,
    response: productBranding,
  }),
  setColors: endpoint({
    method: 'PUT',
    path: '/api/v2/products/:id/colorMap',
    summary:
      "Replace a product's colour map (SPEC §3 keys; colours #rgb or #rrggbb; a key left out is removed)",
    tags: ['branding'],
    access: 'user',
    params: productIdParams,
    body: colorMapInput,
    response: productBranding,
  }),
  uploadLogo: endpoint({
    method: 'POST',
    path: '/api/v2/products/:id/logo',
    summary:
      'Replace a logo of one type with an image (PNG, JPEG, GIF, WebP, recognised from its bytes; SVG refused)',
    tags: ['branding'],
    access: 'user',
    params: productIdParams,
    query: logoQuery,
    bodyType: 'multipart',
    upload: { field: LOGO_FIELD, maxBytes: LOGO_MAX_BYTES },
    response: productBranding,
    status: 201,
  }),
  removeLogo: endpoint({
    method: 'DELETE',
    path: '/api/v2/products/:id/logo',
    summary: "Remove a product's logo of one type",
    tags: ['branding'],
    access: 'user',
    params: productIdParams,
    query: logoQuery,
    response: productBranding,
  }),
  logoFile: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/logo/:hash',
    summary:
      "A product's logo image (the url of GET products/{id}/logo), cached for good: a new logo has a new url",
    tags: ['branding'],
    access: 'public',
    params: logoFileParams,
  }),
};
