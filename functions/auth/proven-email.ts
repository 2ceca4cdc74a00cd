/**
 * What follows once a verification link has proven an address (functions/account/change-email.ts
 * finishEmailChange): a new address becomes the login's, the record takes it as proven from now, and
 * a Stripe customer's email follows it.
 */
import { supertokensCore } from '../account/core';
import { finishEmailChange } from '../account/change-email';
import { stripeClient } from '../billing/stripe-client';
import { documentClient } from '../lib/dynamo';

export async function onEmailProven(proven: { recipeUserId: string; email: string }): Promise<void> {
  await finishEmailChange({ db: documentClient(), core: await supertokensCore(), stripe: () => stripeClient(), now: Date.now }, proven);
}
