/** The users function group: one Lambda serving its routes, chosen by API Gateway's route key. */
import { byRouteKey } from '../lib/http';
import { createUser } from './create-user';
import { ensureUserExists } from './ensure-user-exists';
import { trackLogin } from './track-login';
import { userProfile } from './user-profile';

export const handler = byRouteKey({
  'POST /api/users': createUser,
  'POST /api/ensure-user-exists': ensureUserExists,
  'POST /api/track-login': trackLogin,
  'GET /api/user-profile': userProfile,
});
