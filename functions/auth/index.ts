/**
 * What the auth group offers its siblings: the limits and mails it owns, the step-up's checks, and
 * the steps another route needs when an account changes (sessions, hand-off codes, a login's
 * password and email, proven email), each made with the core over its HTTP API. Nothing here loads
 * supertokens-node (test/integration/auth-bundled.test.ts holds the account bundle to it): the
 * SDK's configuration and overrides are the auth Lambda's own, as is everything else in this folder.
 */
export { appInfo, TENANT_ID } from './app-info';
export { RESET_MAIL_PAIR_RULE, RESET_MAIL_RULE, resetMailPair, tooManyAttempts } from './auth-limits';
export { VERIFY_RESEND_RULE } from './verification-limits';
export { deleteHandoffCodesOf } from './handoff-codes';
export { passkeyMail } from './passkey-mail';
export { emailChangeSteps, finishEmailChange, pendingEmailChange, runEmailChange, type EmailChangeDeps, type EmailChangeCore } from './email-change-job';
export { emailChangeCore, emailChangeDeps } from './proven-email';
export { emailProofToken, setLoginPassword, type SetPasswordResult } from './login-changes';
export { forgetRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
export { forgetStepAddresses } from './code-check-limits';
export { mailSecondFactorEvent, mailSecurityNotice, type NoticeContext, type SecondFactorEvent } from './second-factor-mail';
export { coreProofDeps } from './step-up-proof';
export { readClientData } from './session-clients';
export { forgetPasswordChecksOf, limitPasswordCheck } from './sign-in-guard';
export { emailChangedNoticeMail, emailChangeNoticeMail, verificationMail } from './verification-mail';
