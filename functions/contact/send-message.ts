/**
 * POST /api/contact (docs/decisions.md#5): validates the form, refuses a sixth message within the hour from
 * one address (429 with Retry-After), stores the message and answers 201.
 */
import { contactMessageBody, type ContactMessageSent } from '../../shared/schemas/contact';
import { contactTexts } from '../../shared/texts/contact';
import { clientKey } from '../lib/client-ip';
import { documentClient } from '../lib/dynamo';
import { httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { logger } from '../lib/logger';
import { hit } from '../lib/rate-limit';
import { json } from '../lib/response';
import { getSecret } from '../lib/secrets';
import { CONTACT_RATE_LIMIT, hashIp, storeContactMessage } from './messages';

export const handler = httpHandler(
  async (event) => {
    const [{ pepper }, origin] = await Promise.all([getSecret('ipHash'), getSecret('originVerify')]);
    const ipHash = hashIp(clientKey(event, origin), pepper);
    const db = documentClient();

    const decision = await hit(db, CONTACT_RATE_LIMIT, ipHash);
    if (!decision.allowed) {
      logger.info('contact message refused: rate limit');
      const minutes = Math.ceil(decision.retryAfterSeconds / 60);
      throw new HttpError(429, contactTexts.tooMany(minutes), undefined, { 'retry-after': String(decision.retryAfterSeconds) });
    }

    const stored = await storeContactMessage(db, event.body, { ipHash });
    logger.info('contact message stored', { messageId: stored.id });
    return json(201, { id: stored.id, message: contactTexts.sent } satisfies ContactMessageSent);
  },
  { route: 'POST /api/contact', body: contactMessageBody },
);
