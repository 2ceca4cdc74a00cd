/** Bodies of the account routes, validated the same way on /account and in the account Lambda. */
import * as z from 'zod/mini';
import { accountTexts as account, authTexts as auth } from '../texts';
import { newPasswordSchema, signInPasswordSchema } from './accounts';

/** PATCH /api/account: the name, trimmed, 1 to 200 characters. */
export const renameBody = z.object({
  name: z.string({ error: account.nameRequired }).check(z.trim(), z.minLength(1, { error: account.nameRequired }), z.maxLength(200, { error: account.nameTooLong })),
});
export type RenameBody = z.infer<typeof renameBody>;

/** POST /api/account/password: the current password (any non-empty string) and a new one by the sign-up rules. */
export const changePasswordBody = z.object({
  currentPassword: signInPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/**
 * DELETE /api/account: the typed confirmation, and for an account with a password, the password
 * (the server decides whether it is needed: a Google account has none).
 */
export const deleteAccountBody = z.object({
  confirmation: z.literal(account.deleteConfirmation, { error: account.confirmationMismatch }),
  password: z.optional(z.string({ error: auth.fields.required }).check(z.maxLength(1000))),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
