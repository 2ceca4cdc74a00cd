/** SuperTokens appInfo from configuration (spec §9: API base /api/auth, website base /auth). */
import type { AppInfo } from 'supertokens-node/types';
import { DEFAULT_LOCAL_API_ORIGIN } from '../../shared/api-base';
import { PRODUCT_NAME } from '../../shared/product';

export const API_BASE_PATH = '/api/auth';
export const WEBSITE_BASE_PATH = '/auth';
/** The product has the one tenant (spec §9: default public). */
export const TENANT_ID = 'public';
const DEFAULT_LOCAL_WEB_ORIGIN = 'http://localhost:5173';

export function appInfo(env: NodeJS.ProcessEnv = process.env): AppInfo {
  return {
    appName: PRODUCT_NAME,
    apiDomain: env.API_ORIGIN ?? DEFAULT_LOCAL_API_ORIGIN,
    websiteDomain: env.WEB_ORIGIN ?? DEFAULT_LOCAL_WEB_ORIGIN,
    apiBasePath: API_BASE_PATH,
    websiteBasePath: WEBSITE_BASE_PATH,
    // Set when the API is reached through a named API Gateway stage (e.g. /prod) rather than $default.
    ...(env.API_GATEWAY_PATH ? { apiGatewayPath: env.API_GATEWAY_PATH } : {}),
  };
}
