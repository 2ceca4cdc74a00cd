/**
 * The EmailPassword API with the product's limits around it (`override.apis`): the sign-in guard and
 * equal-time refusals on sign-in, per-address limits on sign-up, email-exists and reset requests,
 * sign-up's taken email in the product's words, the new account's record and verification link,
 * and a sign-in's repair of a missing record.
 */
import type { APIInterface } from 'supertokens-node/recipe/emailpassword';
import { EMAIL_EXISTS_RULE, limitPerAddress, RESET_REQUEST_RULE, SIGN_UP_RULE, type LimitDeps } from './auth-limits';
import { emailExistsInOurWords } from './email-exists-in-our-words';
import { repairRecordOnSignIn } from './email-sign-in';
import { recordNewEmailAccounts } from './email-sign-up';
import { sendVerificationAfterSignUp } from './email-verification';
import { equalTimeSignIn } from './equal-time-sign-in';
import { guardSignIn } from './sign-in-guard';

export function limitedEmailPasswordApis(original: APIInterface, deps: LimitDeps): APIInterface {
  return {
    ...original,
    // The guard outside: a refused attempt answers at once, and the same for every email.
    signInPOST: original.signInPOST && guardSignIn(equalTimeSignIn(repairRecordOnSignIn(original.signInPOST.bind(original), deps)), deps),
    signUpPOST: original.signUpPOST && limitPerAddress(SIGN_UP_RULE, sendVerificationAfterSignUp(recordNewEmailAccounts(emailExistsInOurWords(original.signUpPOST.bind(original)), deps)), deps),
    emailExistsGET: original.emailExistsGET && limitPerAddress(EMAIL_EXISTS_RULE, original.emailExistsGET.bind(original), deps),
    generatePasswordResetTokenPOST:
      original.generatePasswordResetTokenPOST && limitPerAddress(RESET_REQUEST_RULE, original.generatePasswordResetTokenPOST.bind(original), deps),
  };
}
