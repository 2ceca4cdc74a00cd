/**
 * GET /api/user-profile (spec §3, §7): the dashboard's account, plan, subscription, usage and the
 * last 12 months of it for the chart. The plan is decided here (spec §4), so the browser
 * needs no Stripe ids.
 */
import type { UserProfile } from '../../shared/api-types';
import { FREE_WORDS_PER_MONTH } from '../../shared/plans';
import { usersTexts } from '../../shared/texts/users';
import { usageMonth } from '../../shared/usage';
import { getAccount, planOf, subscriptionOf } from '../user-record';
import { documentClient } from '../lib/dynamo';
import { httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { json } from '../lib/response';
import { sessionOf } from '../lib/session';
import { monthOf, recentMonths, totalsOf, usageHistory } from '../usage';

export const userProfile = httpHandler(
  async (event) => {
    const { userId } = sessionOf(event);
    const db = documentClient();
    const [account, history] = await Promise.all([getAccount(db, userId), usageHistory(db, userId)]);
    if (!account) throw new HttpError(404, usersTexts.notFound);
    const plan = planOf(account);
    const month = usageMonth(new Date());
    const profile: UserProfile = {
      userId,
      email: account.email,
      ...(account.name ? { name: account.name } : {}),
      createdAt: account.createdAt,
      plan,
      subscription: subscriptionOf(account),
      metrics: totalsOf(history),
      thisMonth: monthOf(history, month),
      ...(plan === 'free' ? { wordsPerMonth: FREE_WORDS_PER_MONTH } : {}),
      // From the same one Query as the totals: the chart costs no read of its own.
      history: recentMonths(history, month),
      ...(account.firstDesktopSignInAt ? { desktopSignedInAt: account.firstDesktopSignInAt } : {}),
    };
    return json(200, profile);
  },
  { route: 'GET /api/user-profile' },
);
