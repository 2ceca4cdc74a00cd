/**
 * The client an auth request came from, for the per-address limits: the SDK's request wrapper
 * keeps the API Gateway event it was built from, and functions/lib/client-ip.ts decides whether
 * CloudFront's viewer address can be trusted (only with the origin secret) and keys it (an IPv6
 * client by its /64).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { clientKey } from '../lib/client-ip';
import { getSecret } from '../lib/secrets';

/** What the SDK hands an API override as `options.req` (its BaseRequest keeps the event as `original`). */
export interface SdkRequest {
  original: unknown;
}

export type AddressOf = (req: SdkRequest) => Promise<string>;

export const requestAddress: AddressOf = async (req) => {
  const origin = await getSecret('originVerify');
  return clientKey(req.original as APIGatewayProxyEventV2, origin);
};
