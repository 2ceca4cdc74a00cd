/**
 * The Session recipe's override that records each session's client (./session-clients.ts says what is
 * kept and why). A module of its own, apart from the records' shape, so the account group, which
 * reads the records, carries no SDK.
 */
import supertokens from 'supertokens-node';
import type { RecipeInterface } from 'supertokens-node/recipe/session';
import { logger } from '../lib/logger';
import { browserOf, placeOf, readClientData } from './session-clients';

/**
 * The Session recipe's functions, recording the client: a session made for a request (a browser's
 * sign-in or sign-up) gets its browser from the user agent, unless the caller says which client it is
 * (the desktop exchange does); a refresh marks the session active now.
 */
export function clientsInSessions(original: RecipeInterface): RecipeInterface {
  return {
    ...original,
    createNewSession: async (input) => {
      const given = readClientData(input.sessionDataInDatabase);
      if (given.client) return original.createNewSession(input);
      const request = supertokens.getRequestFromUserContext(input.userContext);
      const userAgent = request?.getHeaderValue('user-agent');
      const event = (request as { original?: { requestContext?: { http?: { sourceIp?: string } } } } | undefined)?.original;
      const place = request ? placeOf((name) => request.getHeaderValue(name), event?.requestContext?.http?.sourceIp) : undefined;
      return original.createNewSession({ ...input, sessionDataInDatabase: { ...(input.sessionDataInDatabase ?? {}), client: browserOf(userAgent), ...(place ? { place } : {}) } });
    },
    refreshSession: async (input) => {
      const session = await original.refreshSession(input);
      // The refresh has happened and its tokens must reach the client: a failure to note the time only costs accuracy.
      try {
        const data = (await session.getSessionDataFromDatabase(input.userContext)) as Record<string, unknown>;
        await session.updateSessionDataInDatabase({ ...data, lastActiveAt: Date.now() }, input.userContext);
      } catch (error) {
        logger.warn('could not record the session as active', { error: error instanceof Error ? error.message : String(error) });
      }
      return session;
    },
  };
}
