/** bench:api's signed-in floor: GET /api/vocabulary's policy (its session check, the deletion mark), then nothing. */
import { httpHandler } from '../../functions/lib/http';
import { json } from '../../functions/lib/response';

export const handler = httpHandler(async () => json(200, {}), { route: 'GET /api/vocabulary' });
