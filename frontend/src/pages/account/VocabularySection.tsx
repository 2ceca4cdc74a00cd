import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { vocabularyEntry } from '../../../../shared/schemas/vocabulary';
import { vocabularyTexts as apiTexts } from '../../../../shared/texts/vocabulary';
import { phraseKey, VOCABULARY_LIMITS, type VocabularyEntry, type VocabularyList } from '../../../../shared/vocabulary';
import { accountFailure } from '../../api/account';
import { readVocabulary, saveVocabulary } from '../../api/vocabulary';
import { FocusedAlert } from '../../components/FocusedAlert';
import type { Deferred } from '../../hooks/use-settled';
import { RetryNotice } from '../../components/RetryNotice';
import { saveFile } from '../../save-file';
import { FormField } from '../auth/FormField';
import { sectionRead, useSectionRead, type SectionRead } from './section-read';
import { Result } from './Result';
import { previewImport, toCsv, type ImportPreview } from './vocabulary-file';
import { vocabularyPageTexts as t } from './vocabulary-texts';

/** The list as it should be after a change, or the problems that keep the change from being sent, by field. */
type Change = (entries: VocabularyEntry[]) => VocabularyEntry[] | { fields: Record<string, string> };

const splitVariants = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** An entry as typed, checked as the API checks it (and against the rest of the list for a phrase already in it). */
function typedEntry(phrase: string, variants: string, others: readonly VocabularyEntry[]): { entry: VocabularyEntry } | { fields: Record<string, string> } {
  const parsed = z.safeParse(vocabularyEntry, { phrase, soundsLike: splitVariants(variants) });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path[0] === 'phrase' ? 'phrase' : 'soundsLike'] ??= issue.message;
    return { fields };
  }
  if (others.some((e) => phraseKey(e.phrase) === phraseKey(parsed.data.phrase))) return { fields: { phrase: apiTexts.duplicate(parsed.data.phrase) } };
  return { entry: parsed.data };
}

/** The API's field errors for one entry (`entries.3.phrase`) as the form's own fields. */
function entryFields(fields: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fields) return undefined;
  const own = Object.entries(fields).map(([path, message]) => [path.split('.')[2] === 'soundsLike' ? 'soundsLike' : 'phrase', message] as const);
  return own.length ? Object.fromEntries(own) : undefined;
}

function EntryAbout({ entry }: { entry: VocabularyEntry }) {
  return (
    <div className="removable-item-about">
      <p className="removable-item-name">
        <strong>{entry.phrase}</strong>
      </p>
      {entry.soundsLike.length > 0 && (
        <p className="muted removable-item-times">
          {t.soundsLikeShort}: {entry.soundsLike.join(', ')}
        </p>
      )}
    </div>
  );
}

/**
 * /account's Vocabulary: add, edit, remove, search, import a file (after a preview of what it
 * changes), export as CSV. Its state is the component's own, as two-step verification's is
 * (docs/architecture.md#the-frontend): every save sends the whole list If-Match the version last read,
 * and a 412's answer is the list the same change is made to again. Free (and Pro that ended) read
 * the list and see what Pro adds and the way to it.
 */
export function VocabularySection({ vocabulary }: { vocabulary: Deferred<SectionRead<VocabularyList>> }) {
  const { read: settled, retry } = useSectionRead(vocabulary, () => sectionRead(readVocabulary, 'the vocabulary'));
  const [changed, setChanged] = useState<VocabularyList>();
  const list = changed ?? (settled?.step === 'ready' ? settled.value : undefined);
  const [busy, setBusy] = useState<string>();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<{ message: string; attempt: number }>();
  const [addFields, setAddFields] = useState<Record<string, string>>();
  const [editing, setEditing] = useState<{ key: string; fields?: Record<string, string> }>();
  const [query, setQuery] = useState('');
  const [importing, setImporting] = useState<{ file: string; text: string; preview: ImportPreview }>();
  const heading = useRef<HTMLHeadingElement>(null);
  const phraseInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  /** Sends the list as `change` makes it; on 412 makes the change again to the list as it is now. Answers whether it was saved. */
  const save = async (what: string, change: Change, message: (entries: VocabularyEntry[]) => string, onFields: (fields: Record<string, string>) => void): Promise<boolean> => {
    if (!list) return false;
    setBusy(what);
    setDone(undefined);
    setFailure(undefined);
    let from = list;
    let merged = false;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const next = change(from.entries);
        if (!Array.isArray(next)) {
          onFields(next.fields);
          return false;
        }
        const written = await saveVocabulary(from.version, next);
        setChanged(written.value);
        if (written.status === 'OK') {
          setDone(`${message(written.value.entries)}${merged ? ` ${t.mergedNote}` : ''}`);
          return true;
        }
        from = written.value;
        merged = true;
      }
      throw new Error('the list kept changing elsewhere');
    } catch (error) {
      const refused = accountFailure(error, t.failed);
      const fields = entryFields(refused.fields);
      if (fields && refused.status === 400) onFields(fields);
      else setFailure({ message: refused.message, attempt: (failure?.attempt ?? 0) + 1 });
      return false;
    } finally {
      setBusy(undefined);
    }
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const [phrase, variants] = [String(data.get('phrase') ?? ''), String(data.get('soundsLike') ?? '')];
    setAddFields(undefined);
    let added = '';
    const saved = await save(
      'add',
      (entries) => {
        if (entries.length >= VOCABULARY_LIMITS.entries) return { fields: { phrase: apiTexts.tooManyEntries } };
        const typed = typedEntry(phrase, variants, entries);
        if ('fields' in typed) return typed;
        added = typed.entry.phrase;
        return [...entries, typed.entry];
      },
      () => t.added(added),
      setAddFields,
    );
    // Each field emptied through its value (not form.reset(), which input tools tracking the value do not see).
    if (saved) for (const input of form.querySelectorAll('input')) input.value = '';
    phraseInput.current?.focus();
  };

  const edit = async (event: FormEvent<HTMLFormElement>, original: VocabularyEntry) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const key = phraseKey(original.phrase);
    let phrase = '';
    const saved = await save(
      `edit:${key}`,
      (entries) => {
        const typed = typedEntry(String(data.get('phrase') ?? ''), String(data.get('soundsLike') ?? ''), entries.filter((e) => phraseKey(e.phrase) !== key));
        if ('fields' in typed) return typed;
        phrase = typed.entry.phrase;
        // Removed elsewhere meanwhile: the edit puts it back, as the one typed here.
        return entries.some((e) => phraseKey(e.phrase) === key) ? entries.map((e) => (phraseKey(e.phrase) === key ? typed.entry : e)) : [...entries, typed.entry];
      },
      () => t.saved(phrase),
      (fields) => setEditing({ key, fields }),
    );
    if (saved) {
      flushSync(() => setEditing(undefined));
      heading.current?.focus();
    }
  };

  const remove = async (entry: VocabularyEntry) => {
    const key = phraseKey(entry.phrase);
    const saved = await save(
      `remove:${key}`,
      (entries) => entries.filter((e) => phraseKey(e.phrase) !== key),
      () => t.removed(entry.phrase),
      () => undefined,
    );
    // The row (and its button) is gone: the keyboard goes on from the heading.
    if (saved) heading.current?.focus();
  };

  const choose = async (file: File | undefined) => {
    setDone(undefined);
    setFailure(undefined);
    if (!file || !list) return;
    try {
      const text = await file.text();
      setImporting({ file: file.name, text, preview: previewImport(list.entries, text) });
    } catch {
      setFailure({ message: t.unreadable, attempt: (failure?.attempt ?? 0) + 1 });
    }
  };

  const closeImport = () => {
    flushSync(() => setImporting(undefined));
    if (fileInput.current) fileInput.current.value = '';
    fileInput.current?.focus();
  };

  const confirmImport = async () => {
    if (!importing) return;
    let outcome = importing.preview;
    const saved = await save(
      'import',
      (entries) => {
        outcome = previewImport(entries, importing.text);
        return outcome.result;
      },
      () => t.imported(outcome.added.length, outcome.updated.length),
      () => undefined,
    );
    if (saved) closeImport();
  };

  const exportCsv = () => {
    if (!list) return;
    const name = 'voxpen-vocabulary.csv';
    saveFile(new Blob([toCsv(list.entries)], { type: 'text/csv;charset=utf-8' }), name);
    setDone(t.exported(name));
  };

  const found = list && query.trim() ? list.entries.filter((e) => [e.phrase, ...e.soundsLike].some((s) => phraseKey(s).includes(phraseKey(query.trim())))) : list?.entries;

  return (
    <section className="card account-section vocabulary" aria-labelledby="vocabulary-title">
      <h2 id="vocabulary-title" ref={heading} tabIndex={-1}>
        {t.title}
      </h2>
      <p className="muted">{t.intro}</p>
      {!list ? (
        settled?.step === 'failed' ? (
          <RetryNotice failure={settled.failure} failed={t.loadFailed} onRetry={retry} />
        ) : (
          <p className="muted" role="status">
            {t.loading}
          </p>
        )
      ) : (
        <>
          {!list.editable && (
            <div className="vocabulary-pro">
              <h3>{t.proTitle}</h3>
              <p>{list.entries.length ? t.keptNote : t.proPitch}</p>
              <Link to="/pricing" className="btn btn-primary">
                {t.seePro}
              </Link>
            </div>
          )}
          {failure && (
            <FocusedAlert key={failure.attempt} className="form-alert">
              {failure.message}
            </FocusedAlert>
          )}
          {list.editable && (
            <form className="auth-form vocabulary-add" noValidate aria-label={t.addLabel} onSubmit={add}>
              <FormField label={t.phraseLabel} name="phrase" ref={phraseInput} maxLength={VOCABULARY_LIMITS.phraseChars} autoComplete="off" error={addFields?.phrase} required />
              <FormField label={t.soundsLikeLabel} name="soundsLike" hint={t.soundsLikeHint} autoComplete="off" error={addFields?.soundsLike} />
              <div className="account-actions">
                <button type="submit" className="btn btn-primary" disabled={busy !== undefined} aria-busy={busy === 'add' || undefined}>
                  {busy === 'add' ? t.adding : t.add}
                </button>
              </div>
            </form>
          )}
          {list.entries.length > 0 && (
            <div className="vocabulary-search">
              <FormField label={t.searchLabel} type="search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} autoComplete="off" hint={t.size(list.entries.length)} />
            </div>
          )}
          {list.entries.length === 0 ? (
            list.editable && <p className="muted">{t.empty}</p>
          ) : found && found.length === 0 ? (
            <p className="muted">{t.noMatch(query.trim())}</p>
          ) : (
            <ul className="removable-list vocabulary-list" aria-label={t.listLabel}>
              {found?.map((entry) => {
                const key = phraseKey(entry.phrase);
                if (editing?.key === key) {
                  return (
                    <li key={key} className="removable-item">
                      <form className="auth-form vocabulary-edit" noValidate aria-label={t.editLabel(entry.phrase)} onSubmit={(e) => edit(e, entry)}>
                        <FormField label={t.phraseLabel} name="phrase" defaultValue={entry.phrase} maxLength={VOCABULARY_LIMITS.phraseChars} autoComplete="off" error={editing.fields?.phrase} autoFocus required />
                        <FormField label={t.soundsLikeLabel} name="soundsLike" defaultValue={entry.soundsLike.join(', ')} hint={t.soundsLikeHint} autoComplete="off" error={editing.fields?.soundsLike} />
                        <div className="account-actions">
                          <button type="submit" className="btn btn-primary" disabled={busy !== undefined} aria-busy={busy === `edit:${key}` || undefined}>
                            {busy === `edit:${key}` ? t.saving : t.save}
                          </button>
                          <button type="button" className="btn btn-ghost" onClick={() => setEditing(undefined)}>
                            {t.cancel}
                          </button>
                        </div>
                      </form>
                    </li>
                  );
                }
                return (
                  <li key={key} className="removable-item">
                    <EntryAbout entry={entry} />
                    {list.editable && (
                      <div className="account-actions">
                        <button type="button" className="btn btn-ghost" aria-label={t.editLabel(entry.phrase)} disabled={busy !== undefined} onClick={() => setEditing({ key })}>
                          {t.edit}
                        </button>
                        <button type="button" className="btn btn-ghost" aria-label={t.removeLabel(entry.phrase)} disabled={busy !== undefined} aria-busy={busy === `remove:${key}` || undefined} onClick={() => remove(entry)}>
                          {t.remove}
                        </button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <div className="vocabulary-files">
            <h3>{t.importTitle}</h3>
            {list.editable && !importing && (
              <div className="field">
                <label htmlFor="vocabulary-import">{t.importLabel}</label>
                <input id="vocabulary-import" ref={fileInput} type="file" accept=".csv,.txt,text/csv,text/plain" aria-describedby="vocabulary-import-hint" onChange={(e) => choose(e.currentTarget.files?.[0])} />
                <span id="vocabulary-import-hint" className="field-hint">
                  {t.importHint}
                </span>
              </div>
            )}
            {importing && <ImportPreviewPanel importing={importing} busy={busy === 'import'} onConfirm={confirmImport} onCancel={closeImport} />}
            {list.entries.length > 0 && (
              <div className="account-actions">
                <button type="button" className="btn btn-ghost" onClick={exportCsv}>
                  {t.exportCsv}
                </button>
              </div>
            )}
          </div>
        </>
      )}
      <Result message={done} />
    </section>
  );
}

/** Focus to the preview's heading when it appears, so what the file would change is read first. */
function focus(heading: HTMLHeadingElement | null) {
  heading?.focus();
}

function ImportPreviewPanel({ importing, busy, onConfirm, onCancel }: { importing: { file: string; preview: ImportPreview }; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { preview } = importing;
  const changes = preview.added.length + preview.updated.length;
  return (
    <div className="account-confirm vocabulary-preview" role="group" aria-labelledby="vocabulary-preview-title">
      <h4 id="vocabulary-preview-title" ref={focus} tabIndex={-1}>
        {t.previewTitle(importing.file)}
      </h4>
      <p>{changes ? t.previewSummary(preview.added.length, preview.updated.length, preview.unchanged, preview.skipped.length) : t.nothingToImport}</p>
      {preview.added.length > 0 && (
        <>
          <h5>{t.previewNew}</h5>
          <ul className="vocabulary-preview-list">
            {preview.added.map((e) => (
              <li key={phraseKey(e.phrase)}>
                {e.phrase}
                {e.soundsLike.length ? ` (${e.soundsLike.join(', ')})` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      {preview.updated.length > 0 && (
        <>
          <h5>{t.previewUpdated}</h5>
          <ul className="vocabulary-preview-list">
            {preview.updated.map((e) => (
              <li key={phraseKey(e.phrase)}>
                {e.phrase} ({e.soundsLike.join(', ')})
              </li>
            ))}
          </ul>
        </>
      )}
      {preview.skipped.length > 0 && (
        <>
          <h5>{t.previewSkipped}</h5>
          <ul className="vocabulary-preview-list">
            {preview.skipped.map((s) => (
              <li key={s.line}>{t.lineSkipped(s.line, s.text, s.reason)}</li>
            ))}
          </ul>
        </>
      )}
      <div className="account-actions">
        {changes > 0 && (
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.importing : t.importConfirm(changes)}
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}
