/**
 * The vocabulary as a file: CSV out (a `phrase` column and a `sounds like` column, variants joined by
 * "; "), and a CSV or plain text file in (one entry a line: the phrase first, its variants after it
 * in further columns or joined by ";"), read into what an import would change, for the preview.
 */
import * as z from 'zod/mini';
import { vocabularyEntry } from '../../../../shared/schemas/vocabulary';
import { phraseKey, VOCABULARY_LIMITS, type VocabularyEntry } from '../../../../shared/vocabulary';
import { vocabularyPageTexts as t } from './vocabulary-texts';

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const cell = (value: string) => (/[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The list as CSV, a header row first; a spreadsheet opens it, and an import reads it back as it was. */
export function toCsv(entries: readonly VocabularyEntry[]): string {
  return ['phrase,sounds like', ...entries.map((e) => `${cell(e.phrase)},${cell(e.soundsLike.join('; '))}`)].join('\r\n') + '\r\n';
}

/** A file's line, and why it was left out. */
export interface Skipped {
  line: number;
  text: string;
  reason: string;
}

export interface ImportPreview {
  /** New phrases, in the file's order. */
  added: VocabularyEntry[];
  /** Phrases already in the list that the file gives new variants (the union, the list's spelling kept). */
  updated: VocabularyEntry[];
  unchanged: number;
  skipped: Skipped[];
  /** The list once imported: the current one with the updates, then the additions. */
  result: VocabularyEntry[];
}

/** The entries of a CSV or text file, each line checked as the API checks an entry. */
export function readImportFile(text: string): { entries: { line: number; entry: VocabularyEntry }[]; skipped: Skipped[] } {
  const entries: { line: number; entry: VocabularyEntry }[] = [];
  const skipped: Skipped[] = [];
  parseCsv(text).forEach((row, i) => {
    // A line of one column may give its variants after the phrase, separated by ";" (a text file's way).
    const cells = row.length === 1 ? row[0]!.split(';') : row;
    const [phrase = '', ...rest] = cells;
    if (!phrase.trim() && rest.every((c) => !c.trim())) return;
    if (i === 0 && phrase.trim().toLowerCase() === 'phrase') return;
    const soundsLike = rest.flatMap((c) => c.split(';')).map((v) => v.trim()).filter(Boolean);
    const parsed = z.safeParse(vocabularyEntry, { phrase, soundsLike });
    if (parsed.success) entries.push({ line: i + 1, entry: parsed.data });
    else skipped.push({ line: i + 1, text: row.join(', '), reason: parsed.error.issues[0]!.message });
  });
  return { entries, skipped };
}

/** What importing `text` into `current` would do: nothing is sent until the preview is accepted. */
export function previewImport(current: readonly VocabularyEntry[], text: string): ImportPreview {
  const { entries, skipped } = readImportFile(text);
  const byKey = new Map(current.map((e) => [phraseKey(e.phrase), e]));
  const updates = new Map<string, VocabularyEntry>();
  const added: VocabularyEntry[] = [];
  const addedKeys = new Set<string>();
  let unchanged = 0;
  for (const { line, entry } of entries) {
    const key = phraseKey(entry.phrase);
    const existing = updates.get(key) ?? byKey.get(key);
    if (addedKeys.has(key)) {
      skipped.push({ line, text: entry.phrase, reason: t.duplicateInFile });
      continue;
    }
    if (existing) {
      const variants = [...existing.soundsLike];
      for (const v of entry.soundsLike) if (!variants.some((s) => phraseKey(s) === phraseKey(v))) variants.push(v);
      if (variants.length > VOCABULARY_LIMITS.soundsLike) skipped.push({ line, text: entry.phrase, reason: t.tooManyVariantsTogether });
      else if (variants.length === existing.soundsLike.length) unchanged++;
      else updates.set(key, { phrase: existing.phrase, soundsLike: variants });
      continue;
    }
    if (current.length + added.length >= VOCABULARY_LIMITS.entries) {
      skipped.push({ line, text: entry.phrase, reason: t.listFull });
      continue;
    }
    added.push(entry);
    addedKeys.add(key);
  }
  const result = [...current.map((e) => updates.get(phraseKey(e.phrase)) ?? e), ...added];
  return { added, updated: [...updates.values()], unchanged, skipped: skipped.sort((a, b) => a.line - b.line), result };
}
