import { describe, expect, it } from 'vitest';
import { formText, problemsFound } from './form-fields';

describe('form fields', () => {
  it('reads a field as sent, and a field the form did not send as empty', () => {
    const form = new FormData();
    form.set('email', ' ada@example.com ');
    expect(formText(form, 'email')).toBe(' ada@example.com ');
    expect(formText(form, 'terms')).toBe('');
  });

  it('keeps only the fields whose check failed, and nothing when all passed', () => {
    expect(problemsFound({ email: 'Enter an email', password: undefined, name: '' })).toEqual({ email: 'Enter an email' });
    expect(problemsFound({ email: undefined, password: undefined })).toBeUndefined();
  });
});
