/**
 * The users table item's one owner: the record, its plan, Stripe link, open checkout, deletion mark
 * and logins. Every other folder reads and writes the item through these functions only.
 */
export { type Account, accountByCustomer, getAccount, type OpenCheckout, provenAddressOf, type StoredSubscription } from './account';
export { forgetCheckout, linkCustomer, rememberCheckout } from './billing-link';
export { recordDesktopSignIn } from './desktop-sign-in';
export { deleteAccountRecord, type DeletionMark, deletionStateOf, isDeleting, markDeleting, stalledDeletions } from './deletion';
export { clearEmailChange, emailChangeMarkOf, emailChangeNoticed, type EmailChangeMark, markEmailChange, stalledEmailChanges } from './email-change';
export { trackLogin } from './login-tracking';
export { forgetPasskey, labelPasskey, markPasskeyUsed, type PasskeyLabel, passkeyLabels } from './passkey-labels';
export { planOf, planOfUser } from './plan';
export { renameAccount } from './profile';
export { applySubscription, hasEnded, subscriptionOf } from './subscription';
export { ensureAccount, ensureUserRecord, recordProvenEmail, repairUserRecord, saveUserRecord } from './user-record';
