/** spec §1: the marketing claims, shown on the home page and the sign-up page alike. */
export const MARKETING_STATS = [
  { value: '500+', label: 'Words per minute' },
  { value: '99.9%', label: 'Accuracy' },
  { value: '75%', label: 'Time saved' },
] as const;

/** spec §9: privacy retention, as the privacy policy and the download page state it. */
export const RETENTION = {
  recordingsDays: 30,
  usageDataMonths: 12,
  /** Contact-form messages: the table's TTL removes each this long after it arrived (functions/contact/messages.ts). */
  contactMessagesDays: 365,
} as const;

/** Where visitors reach people (contact page, policies, careers). */
export const CONTACT_DETAILS = {
  email: 'hello@voxpen.app',
  salesEmail: 'sales@voxpen.app',
  privacyEmail: 'privacy@voxpen.app',
  securityEmail: 'security@voxpen.app',
  legalEmail: 'legal@voxpen.app',
  careersEmail: 'careers@voxpen.app',
  phone: '+1 (415) 555-0132',
  phoneHref: 'tel:+14155550132',
  office: ['Voxpen, Inc.', '548 Market Street, Suite 300', 'San Francisco, CA 94104, USA'],
} as const;
