import { en } from '../../i18n/en';
import type { LegalDocument } from './LegalDocument';

export const cookiePolicy: LegalDocument = {
  title: en.app.legal.titles.cookiePolicy,
  description:
    'Teamfolk uses no advertising or analytics cookies: only the storage needed to keep you signed in and to take payments securely.',
  summary:
    'Teamfolk uses no advertising cookies, no analytics cookies and no tracking across websites. We store only what the service needs to work, which is why you see no cookie banner here.',
  sections: [
    {
      id: 'what-cookies-are',
      heading: 'What cookies and local storage are',
      content: [
        'Cookies are small text files a website asks your browser to keep. Local storage is a similar place in your browser where a web application can keep small pieces of information between visits. The same rules apply to both.',
      ],
    },
    {
      id: 'what-we-store',
      heading: 'What Teamfolk stores in your browser',
      content: [
        [
          'Your sign-in token, in local storage under the name “token”: it keeps you signed in after you log in and is removed when you log out. It is strictly necessary for the service.',
          'Nothing else: the public website and the application set no other cookies.',
        ],
      ],
    },
    {
      id: 'third-parties',
      heading: 'Cookies set by others',
      content: [
        [
          'Stripe, our payment provider, sets cookies on its payment forms to prevent fraud. They are strictly necessary for taking payments and are described in Stripe’s own cookie policy.',
          'If you export your calendar to Google Calendar, Google’s cookies apply on Google’s website.',
        ],
      ],
    },
    {
      id: 'your-choices',
      heading: 'Your choices',
      content: [
        'Strictly necessary storage does not need consent. You can still clear or block it in your browser’s settings at any time; you will then be signed out, and payments may not work.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      content: [
        'If we ever want to use cookies that are not strictly necessary, such as analytics, we will ask for your consent first and update this policy.',
      ],
    },
  ],
};
