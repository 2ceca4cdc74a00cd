/**
 * The step-up (docs/security.md#step-up): a route whose policy asks for a proof (`proof`,
 * shared/route-policy.ts: a passkey, an authenticator app, new recovery codes, two-step off, a new
 * email or password, the account's deletion) carries a fresh proof of the owner in its own request,
 * so a stolen or unattended session cannot turn itself into a lasting way in. `checkProof` is called
 * once the route's policy has passed (./policy.ts: the session, its live check, the claims, the
 * deletion mark) and the body has been checked: by httpHandler (./http.ts) with the validated body,
 * and by the auth Lambda (functions/auth/handler.ts) for the SDK's paths (a new passkey, a new
 * authenticator app) with the body as parsed JSON, before the SDK sees it. It answers undefined to go
 * on, or the HttpError to answer; `session` is the caller's, as the policy verified it.
 *
 * Which proof is owed follows from the account, never from the request: an account with a password
 * gives the password (checked under the sign-in limits, so this is no side door for guessing); one
 * without (Google, passkey-only) may give an assertion of one of its own passkeys (made with a
 * single-use challenge from the SDK's sign-in options, so it cannot be replayed), else a code from
 * its authenticator app when it has one (under the second-step limits); one with neither must have
 * signed in within RECENT_SIGN_IN_MS (the session's creation, which a refresh does not move).
 *
 * The checks themselves ask the SuperTokens core over its HTTP API and count toward the sign-in and
 * second-step limits (functions/auth/step-up-proof.ts makes them); only the Lambdas serving proof
 * routes (auth, account) provide them at cold start (`provideProofChecks`), so no other Lambda's
 * bundle grows by them for a rule it never applies.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SessionPolicy } from '../../shared/route-policy';
import { passkeyAssertion, type PasskeyAssertion, type StepUpProof } from '../../shared/schemas/step-up';
import { stepUpTexts } from '../../shared/texts/step-up';
import { usersTexts } from '../../shared/texts/users';
import { clientKey } from './client-ip';
import { HttpError } from './http-error';
import type { VerifiedSession } from './access-token';
import { tooManyAttempts } from './limit-refusal';
import { getSecret } from './secrets';

/** How recent the sign-in of an account with neither a password nor an authenticator app must be. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export interface ProofCaller {
  userId: string;
  sessionHandle: string;
  /** The client key the limits count by (./client-ip.ts). */
  address: string;
}

/** What a check under a limit answers. */
export type LimitedAnswer = { status: 'OK' } | { status: 'WRONG' } | { status: 'TOO_MANY_ATTEMPTS'; retryAfterSeconds: number };

export interface ProofDeps {
  /** What the account can prove itself with; undefined when there is no such account. */
  proofsOf(userId: string): Promise<{ passwordEmail?: string; authenticatorApp: boolean } | undefined>;
  checkPassword(email: string, password: string, address: string): Promise<LimitedAnswer>;
  checkCode(userId: string, code: string, address: string): Promise<LimitedAnswer>;
  /** Whether the assertion verifies (its options unused, its signature good) and is one of this account's own passkeys. */
  checkPasskey(userId: string, assertion: PasskeyAssertion): Promise<{ status: 'OK' } | { status: 'WRONG' }>;
  /** Epoch ms the session was created; undefined when it has ended. */
  sessionCreatedAt(sessionHandle: string): Promise<number | undefined>;
  now(): number;
}

export type ProofOutcome =
  | { status: 'OK'; proved: 'password' | 'passkey' | 'code' | 'recent-sign-in' }
  | { status: 'UNKNOWN_USER' }
  /** Nothing given, or not what this account owes: `owed` names the field the page asks for. */
  | { status: 'PROOF_REQUIRED'; owed: 'password' | 'code' }
  | { status: 'WRONG_PASSWORD' }
  | { status: 'WRONG_CODE' }
  | { status: 'WRONG_PASSKEY' }
  | { status: 'TOO_MANY_ATTEMPTS'; retryAfterSeconds: number }
  | { status: 'SIGN_IN_AGAIN' };

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

/** The rule: whether `proof` proves `caller` is the account's owner. */
export async function proveOwner(deps: ProofDeps, caller: ProofCaller, proof: StepUpProof): Promise<ProofOutcome> {
  const proofs = await deps.proofsOf(caller.userId);
  if (!proofs) return { status: 'UNKNOWN_USER' };
  if (proofs.passwordEmail !== undefined) {
    // A password holder proves with the password only: an app code is the second step, not a replacement for the first.
    if (!given(proof.password)) return { status: 'PROOF_REQUIRED', owed: 'password' };
    const answer = await deps.checkPassword(proofs.passwordEmail, proof.password, caller.address);
    if (answer.status === 'OK') return { status: 'OK', proved: 'password' };
    return answer.status === 'WRONG' ? { status: 'WRONG_PASSWORD' } : answer;
  }
  if (proof.passkey !== undefined) {
    // Checked whatever the account holds: an assertion of someone else's passkey is refused, never passed over for the next proof.
    const answer = await deps.checkPasskey(caller.userId, proof.passkey);
    return answer.status === 'OK' ? { status: 'OK', proved: 'passkey' } : { status: 'WRONG_PASSKEY' };
  }
  if (proofs.authenticatorApp) {
    if (!given(proof.code)) return { status: 'PROOF_REQUIRED', owed: 'code' };
    const answer = await deps.checkCode(caller.userId, proof.code.replace(/\s/g, ''), caller.address);
    if (answer.status === 'OK') return { status: 'OK', proved: 'code' };
    return answer.status === 'WRONG' ? { status: 'WRONG_CODE' } : answer;
  }
  const createdAt = await deps.sessionCreatedAt(caller.sessionHandle);
  return createdAt !== undefined && deps.now() - createdAt <= RECENT_SIGN_IN_MS ? { status: 'OK', proved: 'recent-sign-in' } : { status: 'SIGN_IN_AGAIN' };
}

/** A refusal as the answer: 400 with the field it belongs to, 429 with Retry-After, 403 to sign in again. */
export function proofRefusal(outcome: Exclude<ProofOutcome, { status: 'OK' }>, passwordField = 'password'): HttpError {
  switch (outcome.status) {
    case 'UNKNOWN_USER':
      return new HttpError(404, usersTexts.notFound);
    case 'PROOF_REQUIRED':
      return outcome.owed === 'password'
        ? new HttpError(400, stepUpTexts.passwordRequired, { [passwordField]: stepUpTexts.passwordRequired })
        : new HttpError(400, stepUpTexts.codeRequired, { code: stepUpTexts.codeRequired });
    case 'WRONG_PASSWORD':
      return new HttpError(400, stepUpTexts.wrongPassword, { [passwordField]: stepUpTexts.wrongPassword });
    case 'WRONG_CODE':
      return new HttpError(400, stepUpTexts.wrongCode, { code: stepUpTexts.wrongCode });
    case 'WRONG_PASSKEY':
      return new HttpError(400, stepUpTexts.wrongPasskey, { passkey: stepUpTexts.wrongPasskey });
    case 'TOO_MANY_ATTEMPTS':
      return tooManyAttempts(outcome.retryAfterSeconds);
    case 'SIGN_IN_AGAIN':
      return new HttpError(403, stepUpTexts.signInAgain);
  }
}

let provided: (() => ProofDeps) | undefined;

/** The checks this Lambda makes proofs with (functions/auth/step-up-proof.ts), given once at cold start. */
export function provideProofChecks(make: () => ProofDeps): void {
  provided = make;
}

/** The request as the proof sees it: its body already parsed (a JSON object, or undefined without one). */
export type ProofEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body: unknown };

const bodyOf = (event: ProofEvent): Record<string, unknown> => (event.body !== null && typeof event.body === 'object' ? (event.body as Record<string, unknown>) : {});

const text = (value: unknown) => (typeof value === 'string' && value.length <= 1000 ? value : undefined);

export type ProofCheck = (event: ProofEvent, policy: SessionPolicy, session: VerifiedSession) => Promise<HttpError | undefined>;

export const checkProof: ProofCheck = async (event, policy, session) => {
  if (!policy.proof) return undefined;
  const rule = typeof policy.proof === 'object' ? policy.proof : {};
  const body = bodyOf(event);
  // A route that changes a credential only with some of its fields (PATCH /api/account: the email, not the name).
  if (rule.whenBodyHas !== undefined && body[rule.whenBodyHas] === undefined) return undefined;
  if (!provided) throw new Error('step-up: a proof route in a Lambda that provides no proof checks (provideProofChecks)');
  const { userId, sessionHandle } = session;
  const address = clientKey(event, await getSecret('originVerify'));
  const passwordField = rule.passwordField ?? 'password';
  // A passkey field that is there but not an assertion's shape is a wrong passkey, not a missing one: the core never sees it.
  const passkey = body.passkey === undefined ? undefined : passkeyAssertion.safeParse(body.passkey);
  if (passkey && !passkey.success) return proofRefusal({ status: 'WRONG_PASSKEY' });
  const outcome = await proveOwner(provided(), { userId, sessionHandle, address }, { password: text(body[passwordField]), code: text(body.code), passkey: passkey?.data });
  return outcome.status === 'OK' ? undefined : proofRefusal(outcome, passwordField);
};
