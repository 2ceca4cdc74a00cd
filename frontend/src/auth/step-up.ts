/**
 * The step-up proof in the browser (docs/security.md#step-up): the current password (or an
 * authenticator code) a change to how the account signs in carries in its own request. The web SDK's
 * calls (a passkey, an authenticator app) take it beside their own body fields; a refusal comes back
 * as the raw Response the SDK throws, read here into the sentence and the field it belongs to.
 */
import type { StepUpProof } from '../../../shared/schemas/step-up';

type PreApiHook = (context: { url: string; requestInit: RequestInit }) => Promise<{ url: string; requestInit: RequestInit }>;

/** A preAPIHook adding `extra` (the proof, and anything else a call sends beside the SDK's fields) to a JSON body, on the calls `applies` picks. */
export function addToBody(extra: Record<string, unknown>, applies: (path: string) => boolean = () => true): PreApiHook {
  return async (context) => {
    if (!applies(new URL(context.url).pathname) || typeof context.requestInit.body !== 'string') return context;
    const body = { ...(JSON.parse(context.requestInit.body) as Record<string, unknown>), ...extra };
    return { ...context, requestInit: { ...context.requestInit, body: JSON.stringify(body) } };
  };
}

/** Only the proof fields that were given. */
export const proofFields = (proof: StepUpProof): StepUpProof => Object.fromEntries(Object.entries(proof).filter(([, value]) => value !== undefined && value !== ''));

/** A refusal of the proof: the server's sentence, and the field (password, code or passkey) it belongs to. */
export class ProofRefused extends Error {
  constructor(
    message: string,
    readonly field?: 'password' | 'code' | 'passkey',
  ) {
    super(message);
    this.name = 'ProofRefused';
  }
}

/** The SDK's thrown Response for a refused proof (400 with the field, 403 to sign in again, 429 limited), as a ProofRefused; anything else undefined. */
export async function proofRefusalOf(error: unknown): Promise<ProofRefused | undefined> {
  const answer = error as Response;
  if (typeof answer !== 'object' || answer === null || typeof answer.json !== 'function' || ![400, 403, 429].includes(answer.status)) return undefined;
  try {
    const body = (await answer.clone().json()) as { message?: unknown; fields?: Record<string, unknown> };
    if (typeof body.message !== 'string' || !body.message) return undefined;
    const field = (['password', 'code', 'passkey'] as const).find((name) => typeof body.fields?.[name] === 'string');
    return new ProofRefused(body.message, field);
  } catch {
    return undefined;
  }
}
