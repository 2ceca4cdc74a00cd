/**
 * ANY /api/auth/{proxy+}: the SuperTokens API (sign-up, sign-in, Google, sessions, password reset),
 * served by supertokens-node's awsLambda middleware behind ./request-guard.ts, and the product's
 * desktop sign-in handoff (./desktop-handoff.ts) and the reset-link check (./reset-link-check.ts),
 * which are answered before the SDK sees the request, and the recovery-code step of a sign-in
 * (./recovery-code-sign-in.ts), which uses the SDK's session like the SDK's own routes.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { middleware } from 'supertokens-node/framework/awsLambda';
import { apiTexts } from '../../shared/texts/api';
import { billingTexts } from '../../shared/texts/billing';
import type { RouteHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { withRequestDeadline } from '../lib/deadline';
import { injectLambdaContext, logger } from '../lib/logger';
import { cameThroughCloudFront } from '../lib/origin-check';
import { json } from '../lib/response';
import { unavailableDependency, unavailableResponse } from '../lib/unavailable';
import { AccountBeingDeleted, enforcePolicy, readDeletionMarksWith } from '../lib/policy';
import { sessionOf } from '../lib/session';
import { checkProof, provideProofChecks } from '../lib/step-up';
import { documentClient } from '../lib/dynamo';
import { deletionStateOf } from '../user-record';
import { cookiesAreSecure, withSessionCleared } from '../lib/session-tokens';
import { desktopConsent, desktopExchange } from './desktop-handoff';
import { isProviderRefusal } from './provider-refusal';
import { recoveryCodeSignIn } from './recovery-code-sign-in';
import { authPathPolicy, guardAuthRequest, type OWN_AUTH_PATHS } from './request-guard';
import { resetLinkCheck } from './reset-link-check';
import { coreProofDeps } from './step-up-proof';
import { ensureSupertokens } from './supertokens';

// The guard lets through only paths the SDK serves; this answers any it still declines to (without it
// the SDK answers 404 with its own wording, or nothing at all when handed a handler that returns nothing).
// The step-up proofs some paths ask for (functions/lib/step-up.ts) are checked with the core.
provideProofChecks(() => coreProofDeps(documentClient()));

const supertokensApi = middleware(async () => json(404, { message: apiTexts.notFound }));

/**
 * The product's own routes under /api/auth, by method and path, each the handler made for its path's
 * policy (shared/route-policy.ts); everything else is the SDK's.
 */
const ownRoutes: { [P in (typeof OWN_AUTH_PATHS)[number]]: RouteHandler<P> } = {
  'POST /api/auth/desktop/consent': desktopConsent,
  'POST /api/auth/desktop/exchange': desktopExchange,
  'POST /api/auth/reset-link/check': resetLinkCheck,
};
const ownRouteOf: Record<string, RouteHandler | undefined> = ownRoutes;

// The policy's notDeleting reads the account's deletion mark through its owner (functions/lib/policy.ts).
readDeletionMarksWith(deletionStateOf);

/** Served with the SDK's session (verifySession), after the guard has checked its body. */
const RECOVERY_CODE_PATH = '/api/auth/mfa/recovery-code';

export async function handler(event: APIGatewayProxyEventV2, context: Context) {
  const own = ownRouteOf[`${event.requestContext?.http?.method} ${event.rawPath}`];
  // The own routes are httpHandlers, which set the request's time budget themselves (functions/lib/deadline.ts).
  return own ? own(event, context) : withRequestDeadline(context, () => sdkRoutes(event, context));
}

// The own routes are httpHandlers, which give the logger the Lambda context themselves: given it twice,
// a cold start would log as warm.
const sdkRoutes = middy(answerWithSdk).use(injectLambdaContext(logger));

async function answerWithSdk(event: APIGatewayProxyEventV2, context: Context) {
  // Deployed, a request that did not come through CloudFront goes no further (the own routes are
  // httpHandlers, which check it themselves).
  try {
    if (!(await cameThroughCloudFront(event))) return json(403, { message: apiTexts.notThroughCdn });
  } catch (error) {
    logger.error('origin check failed', { error: { name: (error as Error).name, message: (error as Error).message } });
    return json(500, { message: apiTexts.internalError });
  }
  const policy = authPathPolicy(event);
  try {
    // The path's declared policy (functions/lib/policy.ts), before its body is looked at or the SDK sees it.
    const refused = policy && (await enforcePolicy(event, policy));
    if (refused) return json(refused.statusCode, { message: refused.message, ...refused.extra }, refused.headers);
  } catch (error) {
    return failure(error);
  }
  const guarded = guardAuthRequest(event);
  if ('refusal' in guarded) return guarded.refusal;
  try {
    // The SDK first: the step-up's checks ask the core through it.
    await ensureSupertokens();
    // A new credential's step-up proof (functions/lib/step-up.ts), once the body is known to be well formed.
    if (policy && policy.caller !== 'anyone' && policy.proof) {
      const body: unknown = guarded.event.body ? JSON.parse(guarded.event.body) : undefined;
      const refusedProof = await checkProof({ ...guarded.event, body }, policy, sessionOf(event));
      if (refusedProof) return failure(refusedProof);
    }
    if (guarded.event.rawPath === RECOVERY_CODE_PATH) return await recoveryCodeSignIn(guarded.event, context);
    return await supertokensApi(guarded.event, context, () => undefined);
  } catch (error) {
    return failure(error, guarded.event.rawPath);
  }
}

/** What a request that failed past the origin check is answered: the error's own answer, or 503 or 500. */
function failure(error: unknown, rawPath = '') {
  if (error instanceof AccountBeingDeleted) return deletingAnswer(rawPath);
  // API overrides (rate limits) refuse by throwing; the SDK passes on any error that is not its own.
  if (error instanceof HttpError) return json(error.statusCode, { message: error.message, ...(error.fields ? { fields: error.fields } : {}) }, error.headers);
  if (isProviderRefusal(error)) {
    logger.warn('sign-in provider refused the request', { error: { name: (error as Error).name, message: summary(error) } });
    return json(400, { message: apiTexts.providerRefused });
  }
  // The SDK answers its own errors; anything left is the core slow or down (503, worth a retry) or
  // ours (a bug): no details out, and the log keeps the SDK's summary without the body of whatever answered it.
  const dependency = unavailableDependency(error);
  if (dependency) {
    logger.warn('auth request failed: dependency unavailable', { dependency, error: { name: (error as Error).name, message: summary(error) } });
    return unavailableResponse(dependency);
  }
  logger.error('auth request failed', { error: { name: (error as Error).name, message: summary(error) } });
  return json(500, { message: apiTexts.internalError });
}

/**
 * A session refused because its account is being deleted (./sessions-refuse-deleting.ts), answered as
 * the account's deletion will leave it: a password or passkey sign-in as for credentials that no longer
 * exist, a refresh as for a session that has ended (cookies cleared). A Google sign-in would make a new
 * account once the deletion is done; until then it is told so.
 */
function deletingAnswer(rawPath: string) {
  if (rawPath.endsWith('/webauthn/signin')) return json(200, { status: 'INVALID_CREDENTIALS_ERROR' });
  if (rawPath.endsWith('/signin')) return json(200, { status: 'WRONG_CREDENTIALS_ERROR' });
  if (rawPath.endsWith('/signinup')) return json(409, { message: billingTexts.accountDeleting });
  return withSessionCleared(json(401, { message: apiTexts.unauthorised }), cookiesAreSecure(process.env.API_ORIGIN));
}

/** e.g. "SuperTokens core threw an error for a POST request to path: '/recipe/signin' with status code: 500". */
function summary(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split(/ and (?:body|message)\b/)[0]!.slice(0, 300);
}
