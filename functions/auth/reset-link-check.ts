/**
 * POST /api/auth/reset-link/check {token} → {valid}: whether a password-reset link still works, so the
 * reset page can say so before the new password is typed. POST keeps the token out of access logs and
 * addresses. Limited per address like the other auth look-ups; the answer is the same shape for a link
 * unknown, used or expired. The reset itself still goes to the core, which decides.
 */
import type { ResetLinkCheck } from '../../shared/api-types';
import { resetLinkCheckBody } from '../../shared/schemas/reset-link';
import { documentClient } from '../lib/dynamo';
import { httpHandler } from '../lib/http';
import { logger } from '../lib/logger';
import { hit } from '../lib/rate-limit';
import { json } from '../lib/response';
import { RESET_LINK_CHECK_RULE, tooManyAttempts } from './auth-limits';
import { requestAddress } from './request-address';
import { resetLinkWorks } from './reset-links';

export const resetLinkCheck = httpHandler(
  async (event) => {
    const db = documentClient();
    const decision = await hit(db, RESET_LINK_CHECK_RULE, await requestAddress({ original: event }));
    if (!decision.allowed) {
      logger.warn('reset link check refused: too many from one address', { limit: RESET_LINK_CHECK_RULE.scope, retryAfterSeconds: decision.retryAfterSeconds });
      throw tooManyAttempts(decision.retryAfterSeconds);
    }
    const body: ResetLinkCheck = { valid: await resetLinkWorks(db, event.body.token) };
    return json(200, body);
  },
  { route: 'POST /api/auth/reset-link/check', body: resetLinkCheckBody },
);
