/**
 * The step-up proof a route's policy asks for (`proof: true`, shared/route-policy.ts): a fresh proof
 * of the owner in the request itself before a credential changes. The policy enforcer
 * (./policy.ts, through httpHandler and the auth Lambda) calls `checkProof` once the session has
 * passed and, on a product route, once the body is validated; it answers undefined to go on, or the
 * HttpError to answer.
 *
 * For now it accepts what each route already verifies itself today (the current password in the
 * handlers of PATCH/DELETE /api/account, POST /api/account/password and DELETE
 * /api/account/two-step; nothing yet on the others), so declaring `proof` changes no behaviour. The
 * step-up checks themselves belong here.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SessionPolicy } from '../../shared/route-policy';
import type { HttpError } from './http-error';

export type ProofCheck = (event: APIGatewayProxyEventV2, policy: SessionPolicy) => Promise<HttpError | undefined>;

export const checkProof: ProofCheck = async () => undefined;
