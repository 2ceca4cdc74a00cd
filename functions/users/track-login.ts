/**
 * POST /api/track-login {userId} (spec §7): last login time and login count, for one's own account only.
 * A write, so the core is asked that the session is live: a signed-out or revoked token counts no login.
 */
import { trackLoginBody } from '../../shared/schemas/users';
import { usersTexts } from '../../shared/texts/users';
import { trackLogin as recordLogin } from '../user-record';
import { documentClient } from '../lib/dynamo';
import { httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { json } from '../lib/response';
import { sessionOf } from '../lib/session';

export const trackLogin = httpHandler(
  async (event) => {
    const { userId } = sessionOf(event);
    if (event.body.userId !== userId) throw new HttpError(403, usersTexts.notOwnAccount);
    const user = await recordLogin(documentClient(), userId, new Date());
    if (!user) throw new HttpError(404, usersTexts.notFound);
    return json(200, { lastLoginAt: user.lastLoginAt, loginCount: user.loginCount });
  },
  { route: 'POST /api/track-login', body: trackLoginBody },
);
