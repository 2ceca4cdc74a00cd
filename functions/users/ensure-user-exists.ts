/**
 * POST /api/ensure-user-exists (spec §2, §7): the dashboard and the Google callback make sure the
 * record exists: sign-up and sign-in write it (functions/auth), so this repairs a record lost since.
 * It may create one, so the core is asked that the session is live: a signed-out or
 * deleted account's token, still unexpired, must not bring a record back.
 */
import { usersTexts } from '../../shared/texts/users';
import { ensureAccount } from '../user-record';
import { documentClient } from '../lib/dynamo';
import { httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { json } from '../lib/response';
import { sessionOf } from '../lib/session';

export const ensureUserExists = httpHandler(
  async (event) => {
    const ensured = await ensureAccount(documentClient(), sessionOf(event), new Date());
    if (ensured.status === 'UNKNOWN_USER') throw new HttpError(404, usersTexts.notFound);
    return json(ensured.created ? 201 : 200, ensured.account);
  },
  { route: 'POST /api/ensure-user-exists' },
);
