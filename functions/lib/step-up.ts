/**
 * The step-up proof a route's policy asks for (`proof: true`, shared/route-policy.ts): a fresh proof
 * of the owner in the request itself before a credential changes. It is called once the route's
 * policy has passed (./policy.ts: the session, its live check, the claims, the deletion mark) and the
 * body has been checked: by httpHandler (./http.ts) with the validated body, and by the auth Lambda
 * (functions/auth/handler.ts) for the SDK's paths (a new passkey, a new authenticator app) with the
 * body as parsed JSON, before the SDK sees it. It answers undefined to go on, or the HttpError to
 * answer; `session` is the caller's, as the policy verified it.
 *
 * For now it accepts what each route already verifies itself today (the current password in the
 * handlers of PATCH/DELETE /api/account, POST /api/account/password and DELETE
 * /api/account/two-step; nothing yet on the others), so declaring `proof` changes no behaviour. The
 * step-up checks themselves belong here.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SessionPolicy } from '../../shared/route-policy';
import type { VerifiedSession } from './access-token';
import type { HttpError } from './http-error';

/** The request as the proof sees it: its body already parsed (a JSON object, or undefined without one). */
export type ProofEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body: unknown };

export type ProofCheck = (event: ProofEvent, policy: SessionPolicy, session: VerifiedSession) => Promise<HttpError | undefined>;

export const checkProof: ProofCheck = async () => undefined;
