/**
 * Stands in for `libphonenumber-js/max` (~280 KB) in the Lambda bundles (infra/constructs/bundling.ts).
 * supertokens-node parses phone numbers only for the passwordless recipe's users, and Voxpen signs in
 * with email and password or Google alone: a login method here never has a phone number, so the SDK's
 * `hasSamePhoneNumberAs` returns before parsing. Reaching this means a phone sign-in was added: say so
 * rather than compare numbers wrongly.
 */
export default function parsePhoneNumber(): never {
  throw new Error('libphonenumber-js is left out of the Lambda bundle (infra/constructs/bundling.ts): phone numbers are not supported');
}
