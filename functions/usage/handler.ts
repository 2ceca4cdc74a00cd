/**
 * The usage function group, for the desktop app (docs/decisions.md#6): GET /api/usage answers this month's
 * usage and what the plan leaves; POST /api/usage adds a report once per Idempotency-Key (report.ts),
 * refused with 403 once Free's words for the month are used up, and with 429 past an hourly rate no
 * dictation reaches (USAGE_REPORT_RATE), which a retry of a counted key neither spends nor meets.
 */
import { FREE_WORDS_PER_MONTH } from '../../shared/plans';
import { usageReportBody } from '../../shared/schemas/billing';
import { usageTexts } from '../../shared/texts/usage';
import { addMonths, usageMonth } from '../../shared/usage';
import { deletionStateOf, planOfUser } from '../user-record';
import { documentClient, primeDocumentClient } from '../lib/dynamo';
import { byRouteKey, httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { readDeletionMarksWith } from '../lib/policy';
import { hit } from '../lib/rate-limit';
import { json } from '../lib/response';
import { sessionOf, whileCoreKeysLoad } from '../lib/session';
import { idempotencyKeyOf, recordedOutcome, reportUsage, USAGE_REPORT_RATE } from './report';
import { monthUsage, summarize } from './usage';

const getUsage = httpHandler(
  async (event) => {
    const { userId } = sessionOf(event);
    const db = documentClient();
    const [plan, month] = await Promise.all([planOfUser(db, userId), monthUsage(db, userId, usageMonth(new Date()))]);
    return json(200, summarize(month, plan));
  },
  { route: 'GET /api/usage' },
);

/** 'December 1': the first day of the month after `month`, when Free's words are counted afresh. */
function resetDay(month: string): string {
  return new Date(`${addMonths(month, 1)}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

const reportUsageRoute = httpHandler(
  async (event) => {
    const { userId } = sessionOf(event);
    const key = idempotencyKeyOf(event.headers);
    if (key.status === 'MISSING') throw new HttpError(400, usageTexts.keyRequired);
    if (key.status === 'INVALID') throw new HttpError(400, usageTexts.keyInvalid);
    const db = documentClient();
    const now = new Date();
    // A key counted before is answered from its record first: a retry neither spends the hourly rate nor is refused by it.
    let outcome = await recordedOutcome(db, userId, key.key, event.body, now);
    if (!outcome) {
      const rate = await hit(db, USAGE_REPORT_RATE, userId, now.getTime());
      if (!rate.allowed) {
        throw new HttpError(429, usageTexts.tooManyReports(Math.ceil(rate.retryAfterSeconds / 60)), undefined, { 'retry-after': String(rate.retryAfterSeconds) });
      }
      // The month item carries the plan (report.ts); the users item is read only when it does not.
      outcome = await reportUsage(db, userId, key.key, event.body, now, () => planOfUser(db, userId));
    }
    switch (outcome.status) {
      case 'APPLIED':
        return json(200, outcome.usage);
      case 'REPLAYED':
        return json(200, outcome.usage, { 'Idempotent-Replayed': 'true' });
      case 'KEY_REUSED':
        return json(422, { message: usageTexts.keyReused });
      case 'LIMIT_REACHED': {
        const { usage } = outcome;
        return json(403, { message: usageTexts.limitReached(usage.wordsRemaining ?? 0, FREE_WORDS_PER_MONTH, resetDay(usage.month)), usage });
      }
    }
  },
  // A report writes the account's usage: a signed-out or deleted account's token, still unexpired,
  // must not add to (or recreate) it, so the core is asked that the session is live.
  { route: 'POST /api/usage', body: usageReportBody },
);

// Every route here reads DynamoDB after its session check: a cold start sets the client up while the core answers.
whileCoreKeysLoad(primeDocumentClient);
// The policy's notDeleting reads the account's deletion mark through its owner (functions/lib/policy.ts).
readDeletionMarksWith(deletionStateOf);

export const handler = byRouteKey({
  'GET /api/usage': getUsage,
  'POST /api/usage': reportUsageRoute,
});
