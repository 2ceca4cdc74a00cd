/**
 * The dashboard's usage wording: the Free card's month and the 12-month chart. Kept beside
 * the dashboard, not in shared/texts/: only the dashboard uses it.
 */
import { formatCount } from '../../../../shared/format';

const words = (n: number) => `${formatCount(n)} ${n === 1 ? 'word' : 'words'}`;

export const usageTexts = {
  meterLabel: 'Free words used this month',
  used: (used: number, limit: number) => `${formatCount(used)} of ${words(limit)} used`,
  left: (left: number) => `${words(left)} left`,
  resets: (moment: string) => `Resets ${moment}`,
  nearLimit: (percent: number) => `You have used ${percent}% of this month's free words. Upgrade to Pro for unlimited words.`,
  atLimit: (moment: string) => `You have used all of this month's free words. They come back ${moment}, or upgrade to Pro for unlimited words now.`,
  chartTitle: 'Your last 12 months',
  words: 'Words',
  recording: 'Recording time',
  thisMonth: 'this month',
  month: 'Month',
  caption: 'Words and recording time per month, the last 12 months, oldest first',
  loading: 'Loading your usage...',
  unavailable: 'Your usage history is not available right now.',
};
