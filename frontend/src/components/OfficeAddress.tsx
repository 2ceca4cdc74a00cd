import { CONTACT_DETAILS } from '../../../shared/marketing';

/** The office's postal address, one line each (contact page and every policy page). */
export function OfficeAddress() {
  return (
    <address>
      {CONTACT_DETAILS.office.map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}
