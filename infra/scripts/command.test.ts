import { describe, expect, it } from 'vitest';
import { escapeControl, jsonForTerminal } from './command';

describe('escapeControl (a visitor\'s text on the operator\'s terminal)', () => {
  it('shows every C0, DEL and C1 control as an escape, and the line separators and bidi controls too', () => {
    expect(escapeControl('a\u001b[2Jb\u0007c\rd\ne\tf\u0000g\u007fh\u009bi\u2028j\u202ek')).toBe('a\\x1b[2Jb\\x07c\\rd\\ne\\tf\\x00g\\x7fh\\x9bi\\u2028j\\u202ek');
  });

  it('lets line feeds through only when asked (a message\'s own lines), never a carriage return', () => {
    expect(escapeControl('one\r\ntwo', { keepNewlines: true })).toBe('one\\r\ntwo');
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(escapeControl('Zoë 😀 <a@b.c> \\x1b')).toBe('Zoë 😀 <a@b.c> \\x1b');
  });
});

describe('jsonForTerminal', () => {
  it('parses back to the very same value and carries no raw control character', () => {
    const value = [{ text: 'a\u001bb\u009bc\u007fd\u2028e\u202ef\r\n\t"\\' }];
    const out = jsonForTerminal(value);
    expect(JSON.parse(out)).toEqual(value);
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u202e]/);
  });
});
