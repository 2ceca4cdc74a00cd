import { focusOnMount } from './field-errors';
import { resetTexts } from './reset-texts';

const t = resetTexts.sent;

/** After a request: where to look, and a way to ask again (a typo in the address, a mail in spam). */
export function LinkSent({ email, onAgain }: { email: string; onAgain: () => void }) {
  return (
    <>
      {/* Focused: the button that was pressed is gone, and this is what happened. */}
      <h2 ref={focusOnMount} tabIndex={-1}>
        {t.heading}
      </h2>
      <p className="form-alert form-alert-success" role="status">
        {t.line(email)}
      </p>
      <p className="muted reset-again">{t.nothingYet}</p>
      <button type="button" className="btn btn-ghost btn-block" onClick={onAgain}>
        {t.again}
      </button>
    </>
  );
}
