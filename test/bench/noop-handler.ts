/** bench:api's floor: a route that does nothing, through the same gateway and middy wrapper as the product's, under a public read's policy (no session read). */
import { httpHandler } from '../../functions/lib/http';
import { json } from '../../functions/lib/response';

export const handler = httpHandler(async () => json(200, {}), { route: 'GET /api/releases' });
