/**
 * Stands in for `content-type` in the Lambda bundles (infra/constructs/bundling.ts). supertokens-node reads
 * a request's charset only while parsing a Node request stream in its Node-server adapters (express, koa,
 * …: framework/utils.js getCharset); the awsLambda adapter the auth and account Lambdas use parses the API
 * Gateway event's body and never calls it.
 */
function refuse(): never {
  throw new Error('content-type is left out of the Lambda bundle (infra/constructs/bundling.ts): the awsLambda adapter never parses a stream');
}
export default { parse: refuse, format: refuse };
