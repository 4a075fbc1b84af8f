/** What every legal page carries besides its own document: the date, the GDPR rights and the contacts. */
export const sharedLegalContent = {
  lastUpdated: 'Last updated: December 2024',
  rightsHeading: 'Your rights under the GDPR',
  rightsIntro:
    'Wherever you live, you can ask us about your data. If you are in the European Economic Area, the United Kingdom or Switzerland, the General Data Protection Regulation gives you these rights:',
  rights: [
    {
      name: 'Right of access',
      text: 'to get a copy of the personal data we hold about you and to learn how we use it.',
    },
    { name: 'Right to rectification', text: 'to have inaccurate or incomplete data corrected.' },
    {
      name: 'Right to erasure',
      text: 'to have your data deleted when we no longer need it or have no lawful basis to keep it.',
    },
    {
      name: 'Right to restriction of processing',
      text: 'to have us keep but no longer use your data while a question about it is settled.',
    },
    {
      name: 'Right to data portability',
      text: 'to receive the data you gave us in a structured, machine-readable format, or have it sent to another provider.',
    },
    {
      name: 'Right to object',
      text: 'to processing based on our legitimate interests, and at any time to direct marketing.',
    },
    {
      name: 'Right not to be subject to automated decisions',
      text: 'with legal or similarly significant effects. Teamfolk makes no such decisions: an admin approves every request.',
    },
    {
      name: 'Right to lodge a complaint with a supervisory authority',
      text: 'in the country where you live or work, or where you believe your rights were infringed.',
    },
  ],
  rightsHowTo:
    'To use a right, e-mail privacy@teamfolk.com. We answer within one month, free of charge. If your employer runs Teamfolk for your company, they decide how your employee data is used: we may pass your request to them and help them answer it.',
  contactHeading: 'Contact us',
  contactIntro: 'Questions about this document or about your data? Write to the team that can answer them:',
  contacts: [
    { label: 'Privacy and data protection officer', email: 'privacy@teamfolk.com' },
    { label: 'Terms, contracts and data processing agreements', email: 'legal@teamfolk.com' },
    { label: 'Security reports', email: 'security@teamfolk.com' },
    { label: 'Customer support', email: 'support@teamfolk.com' },
  ],
} as const;
