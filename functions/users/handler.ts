/** The users function group: one Lambda serving its routes, chosen by API Gateway's route key. */
import { primeDocumentClient } from '../lib/dynamo';
import { byRouteKey } from '../lib/http';
import { whileCoreKeysLoad } from '../lib/session';
import { createUser } from './create-user';
import { ensureUserExists } from './ensure-user-exists';
import { trackLogin } from './track-login';
import { userProfile } from './user-profile';

// Every route here reads DynamoDB after its session check: a cold start sets the client up while the core answers.
whileCoreKeysLoad(primeDocumentClient);

export const handler = byRouteKey({
  'POST /api/users': createUser,
  'POST /api/ensure-user-exists': ensureUserExists,
  'POST /api/track-login': trackLogin,
  'GET /api/user-profile': userProfile,
});
