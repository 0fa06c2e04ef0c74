import {
  ltiEnabledInput,
  ltiEnterQuery,
  ltiKeySet,
  ltiLaunchInput,
  ltiLoginInput,
  ltiPlatform,
  ltiPlatformInput,
  ltiPlatformList,
  ltiPlatformParams,
  ltiToolValues,
} from '../lti';
import { productIdParams } from '../store';
import { endpoint } from './endpoint';

const tags = ['lti'] as const;

/** LTI 1.3 (docs/lti.md): the platforms a bank's admins connect, and the calls course platforms make. */
export const ltiApi = {
  platforms: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/lti/platforms',
    summary: 'The course platforms connected to the QBank, with their last launch and last error',
    tags,
    access: 'user',
    params: productIdParams,
    response: ltiPlatformList,
  }),
  toolValues: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/lti/tool',
    summary: 'The tool’s login, launch and key set URLs to paste into a course platform',
    tags,
    access: 'user',
    params: productIdParams,
    response: ltiToolValues,
  }),
  addPlatform: endpoint({
    method: 'POST',
    path: '/api/v2/products/:id/lti/platforms',
    summary:
      'Connect a course platform by hand (issuer, client id, deployments, its URLs); 409 when connected already',
    tags,
    access: 'user',
    params: productIdParams,
    body: ltiPlatformInput,
    response: ltiPlatform,
    status: 201,
  }),
  setPlatformEnabled: endpoint({
    method: 'POST',
    path: '/api/v2/ltiPlatforms/:id/enabled',
    summary: 'Enable or disable a connected platform: a disabled one’s launches are refused',
    tags,
    access: 'user',
    params: ltiPlatformParams,
    body: ltiEnabledInput,
    response: ltiPlatform,
  }),
  removePlatform: endpoint({
    method: 'DELETE',
    path: '/api/v2/ltiPlatforms/:id',
    summary: 'Remove a connected platform: its launches are refused; the accounts it made stay',
    tags,
    access: 'user',
    params: ltiPlatformParams,
    status: 204,
  }),
  keySet: endpoint({
    method: 'GET',
    path: '/api/v2/lti/jwks',
    summary: 'The tool’s public key set (JWKS), for the platforms to check what the tool signs',
    tags,
    access: 'public',
    response: ltiKeySet,
  }),
  loginGet: endpoint({
    method: 'GET',
    path: '/api/v2/lti/login',
    summary: 'OIDC third-party login initiation: redirects to the platform’s authorisation endpoint',
    tags,
    access: 'public',
    query: ltiLoginInput,
  }),
  loginPost: endpoint({
    method: 'POST',
    path: '/api/v2/lti/login',
    summary:
      'OIDC third-party login initiation (form post): redirects to the platform’s authorisation endpoint',
    tags,
    access: 'webhook',
    body: ltiLoginInput,
    bodyType: 'form',
  }),
  launch: endpoint({
    method: 'POST',
    path: '/api/v2/lti/launch',
    summary:
      'The platform’s id_token (form post): checked, then the person enters the QBank by a one-minute, one-time code',
    tags,
    access: 'webhook',
    body: ltiLaunchInput,
    bodyType: 'form',
  }),
  enter: endpoint({
    method: 'GET',
    path: '/api/v2/lti/enter',
    summary: 'Opens the session of a launch from its one-time code (valid one minute), then the QBank',
    tags,
    access: 'public',
    query: ltiEnterQuery,
  }),
};
