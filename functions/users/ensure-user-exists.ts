/** POST /api/ensure-user-exists (spec §2, §7): the dashboard and the Google callback make sure the record exists. */
import { texts } from '../../shared/texts';
import { documentClient } from '../lib/dynamo';
import { httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { json } from '../lib/response';
import { requireSession, sessionOf } from '../lib/session';
import { ensureUserRecord, getUserRecord } from './users';

export const ensureUserExists = httpHandler(
  async (event) => {
    const { userId, email } = sessionOf(event);
    const db = documentClient();
    const existing = await getUserRecord(db, userId);
    if (existing) return json(200, existing);
    // A session from before the email claim existed cannot say whose record to make.
    if (!email) throw new HttpError(404, texts.users.notFound);
    const { user: record, created } = await ensureUserRecord(db, { userId, email }, new Date());
    return json(created ? 201 : 200, record);
  },
  { auth: requireSession() },
);
