/**
 * Stands in for `set-cookie-parser` in the Lambda bundles (infra/constructs/bundling.ts). supertokens-node
 * parses Set-Cookie headers only in the OAuth2 provider recipe's /oauth/* APIs, which the product does not
 * offer: functions/auth/request-guard.ts answers 404 to every /oauth path before the SDK sees it.
 */
function refuse(): never {
  throw new Error('set-cookie-parser is left out of the Lambda bundle (infra/constructs/bundling.ts): the OAuth2 provider APIs are not served');
}
export default { parse: refuse, splitCookiesString: refuse };
