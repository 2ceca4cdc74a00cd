/**
 * The usage function group, for the desktop app (DECISIONS.md): GET /api/usage answers this month's
 * usage and what the plan leaves; POST /api/usage adds a report, refused with 403 once Free's words
 * for the month are used up.
 */
import { FREE_WORDS_PER_MONTH } from '../../shared/plans';
import { usageReportBody, type UsageReportBody } from '../../shared/schemas/billing';
import { usageTexts } from '../../shared/texts';
import { usageMonth } from '../../shared/usage';
import { planOfUser } from '../accounts/plan';
import { documentClient } from '../lib/dynamo';
import { byRouteKey, httpHandler } from '../lib/http';
import { json } from '../lib/response';
import { requireLiveSession, requireSession, sessionOf } from '../lib/session';
import { monthUsage, recordUsage, summarize } from './usage';

const getUsage = httpHandler(
  async (event) => {
    const { userId } = sessionOf(event);
    const db = documentClient();
    const [plan, month] = await Promise.all([planOfUser(db, userId), monthUsage(db, userId, usageMonth(new Date()))]);
    return json(200, summarize(month, plan));
  },
  { auth: requireSession() },
);

const reportUsage = httpHandler<UsageReportBody>(
  async (event) => {
    const { userId } = sessionOf(event);
    const db = documentClient();
    // The users item is read once, for its subscription alone (planOfUser); the month comes back from the write.
    const plan = await planOfUser(db, userId);
    const outcome = await recordUsage(db, userId, event.body, new Date(), plan === 'free' ? FREE_WORDS_PER_MONTH : undefined);
    if (outcome.status === 'OK') return json(200, summarize(outcome.month, plan));
    return json(403, { message: usageTexts.limitReached(FREE_WORDS_PER_MONTH), usage: summarize(outcome.month, plan) });
  },
  // A report writes the account's usage: a signed-out or deleted account's token, still unexpired,
  // must not add to (or recreate) it, so the core is asked that the session is live.
  { auth: requireLiveSession(), body: usageReportBody },
);

export const handler = byRouteKey({
  'GET /api/usage': getUsage,
  'POST /api/usage': reportUsage,
});
