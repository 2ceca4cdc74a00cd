/** The users function group: one Lambda serving its routes, chosen by API Gateway's route key. */
import { primeDocumentClient } from '../lib/dynamo';
import { byRouteKey } from '../lib/http';
import { readDeletionMarksWith } from '../lib/policy';
import { deletionStateOf } from '../user-record';
import { whileCoreKeysLoad } from '../lib/session';
import { createUser } from './create-user';
import { ensureUserExists } from './ensure-user-exists';
import { trackLogin } from './track-login';
import { userProfile } from './user-profile';

// Every route here reads DynamoDB after its session check: a cold start sets the client up while the core answers.
whileCoreKeysLoad(primeDocumentClient);
// The policy's notDeleting reads the account's deletion mark through its owner (functions/lib/policy.ts).
readDeletionMarksWith(deletionStateOf);

export const handler = byRouteKey({
  'POST /api/users': createUser,
  'POST /api/ensure-user-exists': ensureUserExists,
  'POST /api/track-login': trackLogin,
  'GET /api/user-profile': userProfile,
});
