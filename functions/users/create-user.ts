/**
 * POST /api/users {name, email, supertokensUserId} (spec §7): sets the account's name, making the
 * record if it is missing. The sign-up itself writes the record (functions/auth), so this is a repair
 * and a name change, kept for the spec's clients.
 */
import { createUserBody } from '../../shared/schemas/users';
import { usersTexts } from '../../shared/texts/users';
import { saveUserRecord } from '../user-record';
import { documentClient } from '../lib/dynamo';
import { httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { json } from '../lib/response';
import { sessionOf } from '../lib/session';

export const createUser = httpHandler(
  async (event) => {
    const { userId, email: accountEmail } = sessionOf(event);
    if (event.body.supertokensUserId !== userId) throw new HttpError(403, usersTexts.notOwnAccount);
    const email = event.body.email.toLowerCase();
    if (email !== accountEmail) throw new HttpError(400, usersTexts.emailNotYours, { email: usersTexts.emailNotYours });
    const saved = await saveUserRecord(documentClient(), { userId, email, name: event.body.name }, new Date());
    return json(saved.created ? 201 : 200, saved.user);
  },
  // It sets the account's name: a change to the account, so the core is asked that the session stands.
  { route: 'POST /api/users', body: createUserBody },
);
