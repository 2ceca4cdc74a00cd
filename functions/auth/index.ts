/**
 * What the auth group offers its siblings: the app's SuperTokens setup, the limits and mails it
 * owns, and the steps another route needs when an account changes (sessions, hand-off codes,
 * proven email). Everything else in this folder is the auth Lambda's own.
 */
export { appInfo, TENANT_ID } from './app-info';
export { RESET_MAIL_PAIR_RULE, RESET_MAIL_RULE, resetMailPair, tooManyAttempts } from './auth-limits';
export { VERIFY_RESEND_RULE } from './email-verification';
export { deleteHandoffCodesOf } from './handoff-codes';
export { passkeyMail } from './passkey-mail';
export { emailChangeSteps, finishEmailChange, pendingEmailChange, runEmailChange, type EmailChangeDeps, type EmailChangeCore } from './email-change-job';
export { changeLoginEmail, emailChangeDeps, sdkEmailChangeCore } from './proven-email';
export { forgetRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
export { forgetStepAddresses } from './code-check-limits';
export { mailSecondFactorEvent, mailSecurityNotice, type NoticeContext, type SecondFactorEvent } from './second-factor-mail';
export { coreProofDeps } from './step-up-proof';
export { readClientData } from './session-clients';
export { keepingSession } from './sessions-end-with-password';
export { forgetPasswordChecksOf, limitPasswordCheck } from './sign-in-guard';
export { ensureSupertokens } from './supertokens';
export { emailChangedNoticeMail, emailChangeNoticeMail, verificationMail } from './verification-mail';
