/** The users function group: one Lambda serving its routes, chosen by API Gateway's route key. */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { texts } from '../../shared/texts';
import { json } from '../lib/response';
import { createUser } from './create-user';
import { ensureUserExists } from './ensure-user-exists';
import { trackLogin } from './track-login';
import { userProfile } from './user-profile';

const byRoute = {
  'POST /api/users': createUser,
  'POST /api/ensure-user-exists': ensureUserExists,
  'POST /api/track-login': trackLogin,
  'GET /api/user-profile': userProfile,
} as const;

export async function handler(event: APIGatewayProxyEventV2, context: Context) {
  const route = byRoute[event.routeKey as keyof typeof byRoute];
  return route ? route(event, context) : json(404, { message: texts.api.notFound });
}
