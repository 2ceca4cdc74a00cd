/**
 * The EmailPassword API with the product's limits around it (`override.apis`): the sign-in guard and
 * equal-time refusals on sign-in, per-address limits on sign-up, email-exists and reset requests,
 * sign-up's taken email in the product's words, the new account's record and verification link,
 * a sign-in's repair of a missing record, and a completed reset's notice (docs/security.md#notices).
 */
import type { APIInterface } from 'supertokens-node/recipe/emailpassword';
import { EMAIL_EXISTS_RULE, limitPerAddress, limitSignUps, RESET_REQUEST_RULE, type LimitDeps } from './auth-limits';
import { emailExistsInOurWords } from './email-exists-in-our-words';
import { repairRecordOnSignIn } from './email-sign-in';
import { recordNewEmailAccounts } from './email-sign-up';
import { sendVerificationAfterSignUp } from './email-verification';
import { equalTimeSignIn } from './equal-time-sign-in';
import { emailSignUpsKeepAddresses } from './one-account-per-address';
import { mailSecurityNotice } from './second-factor-mail';
import { guardSignIn } from './sign-in-guard';

type ResetPOST = NonNullable<APIInterface['passwordResetPOST']>;

/** A completed reset is mailed to the account, so a takeover through a stolen mailbox session is noticed. */
function noticeAfterReset(original: ResetPOST): ResetPOST {
  return async (input) => {
    const result = await original(input);
    if (result.status === 'OK') {
      const headers = (input.options.req.original as { headers?: Record<string, string | undefined> } | undefined)?.headers;
      await mailSecurityNotice(result.user.id, 'password-reset', { userAgent: headers?.['user-agent'] });
    }
    return result;
  };
}

export function limitedEmailPasswordApis(original: APIInterface, deps: LimitDeps): APIInterface {
  return {
    ...original,
    // The guard outside: a refused attempt answers at once, and the same for every email.
    signInPOST: original.signInPOST && guardSignIn(equalTimeSignIn(repairRecordOnSignIn(original.signInPOST.bind(original), deps)), deps),
    signUpPOST: original.signUpPOST && limitSignUps(sendVerificationAfterSignUp(recordNewEmailAccounts(emailExistsInOurWords(emailSignUpsKeepAddresses(original.signUpPOST.bind(original))), deps)), deps),
    emailExistsGET: original.emailExistsGET && limitPerAddress(EMAIL_EXISTS_RULE, original.emailExistsGET.bind(original), deps),
    generatePasswordResetTokenPOST:
      original.generatePasswordResetTokenPOST && limitPerAddress(RESET_REQUEST_RULE, original.generatePasswordResetTokenPOST.bind(original), deps),
    passwordResetPOST: original.passwordResetPOST && noticeAfterReset(original.passwordResetPOST.bind(original)),
  };
}
