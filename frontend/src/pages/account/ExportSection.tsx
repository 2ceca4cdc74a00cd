import { useState } from 'react';
import { accountTexts } from './account-texts';
import { downloadAccountData } from '../../api/account';
import { FocusedAlert } from '../../components/FocusedAlert';
import { Result } from './Result';

const t = accountTexts;

type State = { step: 'idle' } | { step: 'working' } | { step: 'done'; file: string } | { step: 'failed' };

/** GDPR articles 15 and 20: everything about the account, as a JSON file. */
export function ExportSection() {
  const [state, setState] = useState<State>({ step: 'idle' });
  const working = state.step === 'working';
  const download = async () => {
    setState({ step: 'working' });
    try {
      setState({ step: 'done', file: await downloadAccountData() });
    } catch (error) {
      console.error('Could not download the account data', error);
      setState({ step: 'failed' });
    }
  };
  return (
    <section className="card account-section" aria-labelledby="export-title">
      <h2 id="export-title">{t.download}</h2>
      <p className="muted">{t.exportIntro}</p>
      {state.step === 'failed' && <FocusedAlert className="form-alert">{t.downloadFailed}</FocusedAlert>}
      <div className="account-actions">
        <button type="button" className="btn btn-primary" onClick={download} disabled={working} aria-busy={working || undefined}>
          {working ? t.preparing : t.download}
        </button>
      </div>
      <Result message={state.step === 'done' ? t.downloaded(state.file) : undefined} />
    </section>
  );
}
