import { describe, expect, it } from 'vitest';
import { vocabularyTexts } from '../../../../shared/texts/vocabulary';
import { VOCABULARY_LIMITS } from '../../../../shared/vocabulary';
import { parseCsv, previewImport, toCsv } from './vocabulary-file';
import { vocabularyPageTexts as t } from './vocabulary-texts';

const entry = (phrase: string, soundsLike: string[] = []) => ({ phrase, soundsLike });

describe('the vocabulary as CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF or LF, and a byte-order mark', () => {
    expect(parseCsv('\uFEFFphrase,sounds like\r\n"Smith, Jr.","say ""smith""; smyth"\nplain\n"two\nlines",x\n')).toEqual([
      ['phrase', 'sounds like'],
      ['Smith, Jr.', 'say "smith"; smyth'],
      ['plain'],
      ['two\nlines', 'x'],
    ]);
  });

  it('writes a list that an import reads back unchanged', () => {
    const list = [entry('Smith, Jr.', ['smith junior', 'say "smith"']), entry(' Ærøskøbing', []), entry('Voxpen', ['vox pen'])];
    const csv = toCsv(list);
    expect(csv.split('\r\n')[0]).toBe('phrase,sounds like');
    expect(previewImport([], csv).added).toEqual([entry('Smith, Jr.', ['smith junior', 'say "smith"']), entry('Ærøskøbing'), entry('Voxpen', ['vox pen'])]);
  });
});

describe('an import’s preview', () => {
  it('says what is new, what gets new variants, what is already there and which lines are left out, and why', () => {
    const current = [entry('Voxpen', ['vox pen']), entry('Quillon')];
    const file = ['Zebediah;zeb a dye a', 'voxpen,box pen', 'QUILLON', 'Ashgrove,ash grove,ash-grove', 'zebediah', 'x'.repeat(VOCABULARY_LIMITS.phraseChars + 1), '', 'Tarn,a,b,c,d,e,f'].join('\n');
    const preview = previewImport(current, file);
    expect(preview.added).toEqual([entry('Zebediah', ['zeb a dye a']), entry('Ashgrove', ['ash grove', 'ash-grove'])]);
    expect(preview.updated).toEqual([entry('Voxpen', ['vox pen', 'box pen'])]);
    expect(preview.unchanged).toBe(1);
    expect(preview.skipped.map((s) => [s.line, s.reason])).toEqual([
      [5, t.duplicateInFile],
      [6, vocabularyTexts.phraseTooLong],
      [8, vocabularyTexts.tooManySoundsLike],
    ]);
    expect(preview.result).toEqual([entry('Voxpen', ['vox pen', 'box pen']), entry('Quillon'), ...preview.added]);
  });

  it('reads a plain text file as one word a line, and leaves out what would pass 1,000 entries', () => {
    const full = Array.from({ length: VOCABULARY_LIMITS.entries - 1 }, (_, i) => entry(`w${i}`));
    const preview = previewImport(full, 'Alder\r\nBirch\r\n');
    expect(preview.added).toEqual([entry('Alder')]);
    expect(preview.skipped).toEqual([{ line: 2, text: 'Birch', reason: t.listFull }]);
  });
});
