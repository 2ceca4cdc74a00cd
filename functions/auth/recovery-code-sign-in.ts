/**
 * POST /api/auth/mfa/recovery-code {code}: the second step with a recovery code. The session is the
 * SDK's (its verifySession, less the st-mfa check this route exists to satisfy), so marking the factor
 * complete renews the session's token the way the SDK's own factor routes do: cookies for the web app,
 * headers for the desktop app. The body has passed ./request-guard.ts.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import MultiFactorAuth, { MultiFactorAuthClaim } from 'supertokens-node/recipe/multifactorauth';
import type { SessionContainer } from 'supertokens-node/recipe/session';
import { verifySession } from 'supertokens-node/recipe/session/framework/awsLambda';
import { RECOVERY_CODE_FACTOR } from '../../shared/second-factors';
import { twoStepAnswerTexts } from '../../shared/texts/two-step-answers';
import { clientKey } from '../lib/client-ip';
import { documentClient } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { json } from '../lib/response';
import { getSecret } from '../lib/secrets';
import { recoveryCodesLeft, useRecoveryCode } from './recovery-codes';
import { mailSecondFactorEvent } from './second-factor-mail';
import { countCodeCheck, rememberStepAddress } from './code-check-limits';

type SessionEvent = APIGatewayProxyEventV2 & { session?: SessionContainer };

async function useCode(event: SessionEvent) {
  const session = event.session!;
  const userId = session.getUserId();
  const { code } = JSON.parse(event.body ?? '{}') as { code: string };
  const db = documentClient();
  const address = clientKey(event, await getSecret('originVerify'));
  await countCodeCheck(db, userId, address);
  if (!(await useRecoveryCode(db, userId, code))) {
    logger.info('recovery code refused', { userId });
    return json(400, { status: 'INVALID_CODE', message: twoStepAnswerTexts.wrongCode });
  }
  await MultiFactorAuth.markFactorAsCompleteInSession(session, RECOVERY_CODE_FACTOR);
  await rememberStepAddress(db, userId, address);
  const codesLeft = await recoveryCodesLeft(db, userId);
  logger.info('signed in with a recovery code', { userId, codesLeft });
  await mailSecondFactorEvent(userId, 'recovery-code-used', codesLeft, { userAgent: event.headers['user-agent'] });
  return json(200, { status: 'OK', codesLeft });
}

export const recoveryCodeSignIn: (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown> = verifySession(useCode, {
  overrideGlobalClaimValidators: (validators) => validators.filter((v) => v.id !== MultiFactorAuthClaim.key),
}) as never;
