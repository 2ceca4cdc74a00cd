/**
 * How another page sends a visitor to /account with something to say: the navigation's state (not
 * the address, so a reload or a shared link says nothing stale).
 */
export { ACCOUNT_PATH } from '../../../../shared/site-pages';

export interface AccountArrival {
  /** From an address change's link (/verify-email?…&change=email): the profile names the new address. */
  emailChanged?: boolean;
}
