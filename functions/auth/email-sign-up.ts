/**
 * A new email-password account gets its product record at sign-up, with the name typed on the form
 * (the optional `name` field): the session cannot call POST /api/users until its address is proven,
 * and the name is at hand only now (as for Google, ./google-sign-up.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIInterface } from 'supertokens-node/recipe/emailpassword';
import { ensureUserRecord } from '../user-record';
import { logger } from '../lib/logger';

type SignUpPOST = NonNullable<APIInterface['signUpPOST']>;

export function recordNewEmailAccounts(signUp: SignUpPOST, deps: { db: () => DynamoDBDocumentClient }): SignUpPOST {
  return async (input) => {
    const result = await signUp(input);
    if (result.status === 'OK' && result.user.emails[0]) {
      const typed = input.formFields.find((f) => f.id === 'name')?.value;
      const name = typeof typed === 'string' && typed.trim() ? typed.trim() : undefined;
      await ensureUserRecord(deps.db(), { userId: result.user.id, email: result.user.emails[0], name }, new Date());
      logger.info('account created', { method: 'email' });
    }
    return result;
  };
}
