/** Bodies of the account routes, validated the same way on /account and in the account Lambda. */
import * as z from 'zod/mini';
import { accountTexts as account } from '../texts/account';
import { authTexts as auth } from '../texts/auth';
import { emailSchema, newPasswordSchema, signInPasswordSchema } from './credentials';

const nameField = z.string({ error: account.nameRequired }).check(z.trim(), z.minLength(1, { error: account.nameRequired }), z.maxLength(200, { error: account.nameTooLong }));

/** PATCH /api/account's rename: the name, trimmed, 1 to 200 characters. */
export const renameBody = z.object({ name: nameField });
export type RenameBody = z.infer<typeof renameBody>;

/**
 * PATCH /api/account: a new name, or a new email address with the current password (an account with
 * a password must give it; the server decides), or both. Without either, the name is what is missing.
 */
export const updateAccountBody = z
  .object({
    name: z.optional(nameField),
    email: z.optional(emailSchema),
    password: z.optional(z.string({ error: auth.fields.required }).check(z.maxLength(1000))),
  })
  .check(
    z.refine((body) => body.name !== undefined || body.email !== undefined, { error: account.nameRequired, path: ['name'] }),
  );
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

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

/** DELETE /api/account/two-step: for an account with a password, the password (a Google account signs in again instead). */
export const turnOffTwoStepBody = z.object({
  password: z.optional(z.string({ error: auth.fields.required }).check(z.maxLength(1000))),
});
export type TurnOffTwoStepBody = z.infer<typeof turnOffTwoStepBody>;
