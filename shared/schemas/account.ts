/** Bodies of the account routes, validated the same way on /account and in the account Lambda. */
import * as z from 'zod/mini';
import { accountTexts as account } from '../texts/account';
import { authTexts as auth } from '../texts/auth';
import { emailSchema, newPasswordSchema, signInPasswordSchema } from './credentials';
import { stepUpFields, stepUpProof } from './step-up';

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
 * DELETE /api/account: the typed confirmation, and the step-up proof: the password, or for a Google
 * account a code from its app when it has one (the server decides which).
 */
export const deleteAccountBody = z.object({
  // Any case, spaces around it: "Delete my account" typed as a sentence is what was meant.
  confirmation: z.string({ error: account.confirmationMismatch }).check(
    z.refine((typed) => typed.trim().toLowerCase() === account.deleteConfirmation, { error: account.confirmationMismatch }),
  ),
  ...stepUpFields,
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** DELETE /api/account/two-step: the step-up proof (the password, or a Google account's app code; functions/lib/step-up.ts decides which). */
export const turnOffTwoStepBody = stepUpProof;
export type TurnOffTwoStepBody = z.infer<typeof turnOffTwoStepBody>;
