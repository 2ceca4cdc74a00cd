/**
 * No session for an account being deleted (its policy, shared/route-policy.ts `notDeleting`): every
 * sign-in (email and password, Google, a passkey), the desktop exchange and a refresh go through the
 * Session recipe's createNewSession or refreshSession, so the mark (functions/user-record/deletion.ts)
 * is checked here, once for all of them. From the mark on, the deletion job ends every session and the
 * sweeper finishes it; until then nothing new starts, even if the job stalled after its mark.
 */
import type { RecipeInterface } from 'supertokens-node/recipe/session';
import { documentClient } from '../lib/dynamo';
import { deletingRefusal } from '../lib/policy';
import { deletionStateOf } from '../user-record';

const isMarkedForDeletion = async (userId: string) => (await deletionStateOf(documentClient(), userId)) === 'MARKED';

export function sessionsRefuseDeleting(original: RecipeInterface): RecipeInterface {
  return {
    ...original,
    createNewSession: async (input) => {
      if (await isMarkedForDeletion(input.userId)) throw deletingRefusal();
      return original.createNewSession(input);
    },
    refreshSession: async (input) => {
      // Whose session a refresh token is only the core knows: asked first, then ended if marked.
      const session = await original.refreshSession(input);
      if (await isMarkedForDeletion(session.getUserId())) {
        await session.revokeSession(input.userContext);
        throw deletingRefusal();
      }
      return session;
    },
  };
}
