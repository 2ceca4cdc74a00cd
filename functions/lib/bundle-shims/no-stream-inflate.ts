/**
 * Stands in for `pako` (~48 KB) in the Lambda bundles (infra/constructs/bundling.ts). supertokens-node
 * inflates gzip request streams only in its Node-server adapters (express, koa, …); the awsLambda
 * adapter the auth and account Lambdas use reads the API Gateway event's body and never calls it.
 */
export class Inflate {
  constructor() {
    throw new Error('pako is left out of the Lambda bundle (infra/constructs/bundling.ts): the awsLambda adapter never inflates a stream');
  }
}
export default { Inflate };
