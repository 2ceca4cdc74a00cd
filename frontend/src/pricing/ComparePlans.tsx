import { FREE_WORDS_PER_MONTH } from '../../../shared/plans';
import { Icon } from '../components/icons';

type Cell = string | boolean;

const ROWS: { feature: string; free: Cell; pro: Cell; enterprise: Cell }[] = [
  { feature: 'Words per month', free: String(FREE_WORDS_PER_MONTH), pro: 'Unlimited', enterprise: 'Unlimited' },
  { feature: 'Users', free: '1', pro: '1', enterprise: 'Custom' },
  { feature: 'Voice to text', free: true, pro: true, enterprise: true },
  { feature: 'Smart formatting', free: true, pro: true, enterprise: true },
  { feature: 'AI enhancement', free: false, pro: true, enterprise: true },
  { feature: 'Export formats', free: 'Text, Markdown', pro: 'All', enterprise: 'All' },
  { feature: 'Custom vocabulary', free: false, pro: true, enterprise: true },
  { feature: 'Support', free: 'Community', pro: 'Priority email', enterprise: 'Dedicated manager' },
  { feature: 'Invoice billing', free: false, pro: false, enterprise: true },
];

function Value({ cell }: { cell: Cell }) {
  if (cell === true) return <Icon name="check" size={20} label="Included" />;
  if (cell === false) return <Icon name="minus" size={20} label="Not included" />;
  return <>{cell}</>;
}

/**
 * Every plan's column fits the page down to a 390 px phone (compact cells there, styles.css), so the
 * table never scrolls sideways: no column hidden behind a swipe, no row label scrolled away.
 * Nothing scrolls, so the wrapper is no scroll region of its own: a second region named "Compare plans"
 * beside the section was axe's landmark-unique finding.
 */
export function ComparePlans() {
  return (
    <section className="container section" aria-labelledby="compare-title">
      <h2 id="compare-title" className="center">
        Compare plans
      </h2>
      <div className="table-wrap">
        <table className="compare" aria-labelledby="compare-title">
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Free</th>
              <th scope="col">Pro</th>
              <th scope="col">Enterprise</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                <td>
                  <Value cell={row.free} />
                </td>
                <td>
                  <Value cell={row.pro} />
                </td>
                <td>
                  <Value cell={row.enterprise} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
