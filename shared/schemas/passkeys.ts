/** A passkey's name, checked the same way on /account and by the auth Lambda that stores it. */
import * as z from 'zod/mini';
import { passkeyTexts } from '../texts/passkeys';

export const PASSKEY_NAME_MAX = 60;

export const passkeyNameSchema = z
  .string({ error: passkeyTexts.nameRequired })
  .check(z.trim(), z.minLength(1, { error: passkeyTexts.nameRequired }), z.maxLength(PASSKEY_NAME_MAX, { error: passkeyTexts.nameTooLong }));

/** No name given (absent or blank): the API names the passkey after the browser and system that made it (functions/auth/passkeys.ts). */
export const isBlankPasskeyName = (value: unknown): boolean => value === undefined || (typeof value === 'string' && !value.trim());
