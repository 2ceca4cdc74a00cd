/**
 * An address belongs to one account (docs/security.md#one-account-per-address): a sign-up with an
 * address another account has is refused with a sentence saying how that account signs in, never
 * made into a second account beside it.
 *
 * - Google: a first Google sign-in (a sign-up) whose address an account already has (a password
 *   account, or one whose passkey login has it) is refused (the ThirdParty recipe's own
 *   SIGN_IN_UP_NOT_ALLOWED, with our sentence as its reason). Linking the two instead would need
 *   the address proven on both sides, and an unproven password account holding it may be a squatter
 *   to be shut out, not joined: its owner signs in with the password, or resets it from the mailbox.
 * - Email: a sign-up with a Google account's address is refused on its email field (the EmailPassword
 *   recipe already refuses an address one of its own logins has).
 * A Google account signing in again (its Google login known) is not a sign-up and goes on.
 */
import supertokens from 'supertokens-node';
import EmailPassword, { type APIInterface as EmailPasswordApis } from 'supertokens-node/recipe/emailpassword';
import type { RecipeInterface as ThirdPartyFunctions } from 'supertokens-node/recipe/thirdparty/types';
import { normaliseEmail } from '../../shared/schemas/credentials';
import { authTexts } from '../../shared/texts/auth';
import { logger } from '../lib/logger';

/** The ThirdParty recipe's signInUp, refusing a sign-up whose address another account has. */
export function googleSignUpsKeepAddresses(original: ThirdPartyFunctions): ThirdPartyFunctions {
  return {
    ...original,
    signInUp: async (input) => {
      const holders = await supertokens.listUsersByAccountInfo(input.tenantId, { email: normaliseEmail(input.email) }, false, input.userContext);
      const isThisLogin = (user: (typeof holders)[number]) =>
        user.loginMethods.some((m) => m.recipeId === 'thirdparty' && m.thirdParty?.id === input.thirdPartyId && m.thirdParty.userId === input.thirdPartyUserId);
      if (holders.length > 0 && !holders.some(isThisLogin)) {
        logger.info('Google sign-up refused: another account has the address');
        return { status: 'SIGN_IN_UP_NOT_ALLOWED', reason: authTexts.callback.addressHasPasswordAccount };
      }
      return original.signInUp(input);
    },
  };
}

type SignUpPOST = NonNullable<EmailPasswordApis['signUpPOST']>;

/** The EmailPassword sign-up, refusing an address a Google account has, on the email field (the shape the SDK's own field errors have). */
export function emailSignUpsKeepAddresses(signUpPOST: SignUpPOST): SignUpPOST {
  return async (input) => {
    const typed = input.formFields.find((f) => f.id === 'email')?.value;
    if (typeof typed === 'string' && typed.trim()) {
      const holders = await supertokens.listUsersByAccountInfo(input.tenantId, { email: normaliseEmail(typed) }, false, input.userContext);
      if (holders.some((u) => u.loginMethods.some((m) => m.recipeId === 'thirdparty'))) {
        logger.info('email sign-up refused: a Google account has the address');
        throw new EmailPassword.Error({ type: 'FIELD_ERROR', payload: [{ id: 'email', error: authTexts.fields.emailHasGoogle }], message: 'Error in input formFields' });
      }
    }
    return signUpPOST(input);
  };
}
