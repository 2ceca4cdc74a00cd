import { useId, useState, type FormEvent } from 'react';
import { EXPORT_FORMATS, OUTPUT_STYLES, planIncludesExportFormat, planIncludesStyle, type ExportFormat, type OutputStyle } from '../../../../shared/plans';
import { EXPORT_FORMAT_NAMES } from '../../../../shared/texts/vocabulary';
import { LANGUAGE_TAGS, LANGUAGES, type LanguageTag, type Preferences } from '../../../../shared/vocabulary';
import { Link } from 'react-router';
import { accountFailure } from '../../api/account';
import { readPreferences, savePreferences } from '../../api/vocabulary';
import { FocusedAlert } from '../../components/FocusedAlert';
import type { Deferred } from '../../hooks/use-settled';
import { RetryNotice } from '../../components/RetryNotice';
import { sectionRead, useSectionRead, type SectionRead } from './section-read';
import { Result } from './Result';
import { vocabularyPageTexts as t } from './vocabulary-texts';

const formatName = (format: ExportFormat) => EXPORT_FORMAT_NAMES[format].replace(/^plain text$/, 'Plain text');

function Select<T extends string>({ label, name, value, options, error }: { label: string; name: string; value: T; options: { value: T; label: string; disabled?: boolean }[]; error?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * /account's dictation preferences: language, output style, default export format. What the plan
 * does not include is shown, marked Pro and not chosen, with the way to Pro. Saved If-Match the version
 * read; a 412 shows the preferences as they are now (its state is the component's, as the vocabulary's).
 */
export function PreferencesSection({ preferences, plan }: { preferences: Deferred<SectionRead<Preferences>>; plan: 'free' | 'pro' }) {
  const { read: settled, retry } = useSectionRead(preferences, () => sectionRead(readPreferences, 'the preferences'));
  const [changed, setChanged] = useState<Preferences>();
  const current = changed ?? (settled?.step === 'ready' ? settled.value : undefined);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<{ message: string; fields?: Record<string, string>; attempt: number }>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!current) return;
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setDone(undefined);
    setFailure(undefined);
    try {
      const written = await savePreferences(current.version, {
        language: String(data.get('language')) as LanguageTag,
        style: String(data.get('style')) as OutputStyle,
        exportFormat: String(data.get('exportFormat')) as ExportFormat,
      });
      setChanged(written.value);
      if (written.status === 'OK') setDone((written.value as Preferences & { message?: string }).message);
      else setFailure({ message: t.preferencesChanged, attempt: (failure?.attempt ?? 0) + 1 });
    } catch (error) {
      const refused = accountFailure(error, t.failed);
      setFailure({ message: refused.message, fields: refused.fields, attempt: (failure?.attempt ?? 0) + 1 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card account-section" aria-labelledby="preferences-title">
      <h2 id="preferences-title">{t.preferencesTitle}</h2>
      <p className="muted">{t.preferencesIntro}</p>
      {!current ? (
        settled?.step === 'failed' ? (
          <RetryNotice failure={settled.failure} failed={t.preferencesFailed} onRetry={retry} />
        ) : (
          <p className="muted" role="status">
            {t.preferencesLoading}
          </p>
        )
      ) : (
        // Keyed by version: a 412's answer puts the current values in the fields.
        <form key={current.version} className="auth-form" noValidate aria-label={t.preferencesTitle} onSubmit={submit}>
          {failure && (
            <FocusedAlert key={failure.attempt} className="form-alert">
              {failure.message}
            </FocusedAlert>
          )}
          <Select label={t.languageLabel} name="language" value={current.language} options={LANGUAGE_TAGS.map((tag) => ({ value: tag, label: LANGUAGES[tag] }))} error={failure?.fields?.language} />
          <Select
            label={t.styleLabel}
            name="style"
            value={current.style}
            options={OUTPUT_STYLES.map((style) => ({ value: style, label: t.styles[style], disabled: !planIncludesStyle(plan, style) && current.style !== style }))}
            error={failure?.fields?.style}
          />
          <Select
            label={t.exportFormatLabel}
            name="exportFormat"
            value={current.exportFormat}
            options={EXPORT_FORMATS.map((format) => {
              const included = planIncludesExportFormat(plan, format);
              return { value: format, label: included ? formatName(format) : `${formatName(format)} ${t.proOnly}`, disabled: !included && current.exportFormat !== format };
            })}
            error={failure?.fields?.exportFormat}
          />
          {plan === 'free' && (
            <p className="muted">
              {t.freePreferencesNote} <Link to="/pricing">{t.seePro}</Link>
            </p>
          )}
          <div className="account-actions">
            {/* Dictation's one primary action is the vocabulary's (adding a word, or Pro for Free). */}
            <button type="submit" className="btn btn-ghost" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t.savingPreferences : t.savePreferences}
            </button>
          </div>
        </form>
      )}
      <Result message={done} />
    </section>
  );
}
