/**
 * Sign-up with an email that already has an account answers the product's sentence
 * (shared/texts.ts), the one the page shows, not the SDK's. supertokens-node's sign-up API turns
 * EMAIL_ALREADY_EXISTS_ERROR into a FIELD_ERROR with its own wording; answering that same FIELD_ERROR
 * first, by throwing the recipe's own error as the SDK does, keeps the answer's shape and changes the words.
 */
import EmailPassword, { type APIInterface } from 'supertokens-node/recipe/emailpassword';
import { authTexts } from '../../shared/texts/auth';

type SignUpPOST = NonNullable<APIInterface['signUpPOST']>;

export function emailExistsInOurWords(signUpPOST: SignUpPOST): SignUpPOST {
  return async (input) => {
    const result = await signUpPOST(input);
    if (result.status !== 'EMAIL_ALREADY_EXISTS_ERROR') return result;
    throw new EmailPassword.Error({ type: 'FIELD_ERROR', payload: [{ id: 'email', error: authTexts.fields.emailExists }], message: 'Error in input formFields' });
  };
}
