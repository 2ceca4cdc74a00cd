import { describe, expect, it } from 'vitest';
import { deleteAccountBody } from './account';
import { accountTexts } from '../texts/account';

describe('DELETE /api/account body', () => {
  it('takes the phrase in any case, with spaces around it, as /account does', () => {
    for (const typed of ['delete my account', 'Delete my account', 'DELETE MY ACCOUNT', '  delete my account ']) expect(deleteAccountBody.safeParse({ confirmation: typed }).success, typed).toBe(true);
  });

  it('refuses anything else with the sentence that says what to type', () => {
    for (const typed of ['delete my acount', 'delete', '', 42]) {
      const read = deleteAccountBody.safeParse({ confirmation: typed });
      expect(read.success, String(typed)).toBe(false);
      expect(read.error?.issues[0]?.message).toBe(accountTexts.confirmationMismatch);
    }
  });
});
