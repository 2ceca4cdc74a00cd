/** bench:api's signed-in floor: the session check every signed-in GET makes (functions/lib/session.ts), then nothing. */
import { httpHandler } from '../../functions/lib/http';
import { json } from '../../functions/lib/response';
import { requireSession } from '../../functions/lib/session';

export const handler = httpHandler(async () => json(200, {}), { auth: requireSession() });
