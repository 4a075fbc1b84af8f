import { en } from '../../i18n/en';
import type { LegalDocument } from './LegalDocument';

export const privacyPolicy: LegalDocument = {
  title: en.app.legal.titles.privacyPolicy,
  description:
    'How Teamfolk collects, uses, shares, protects and deletes the personal data of company admins and of the employees they manage.',
  summary:
    'Teamfolk is HR software that stores information about the people who work for our customers. This policy explains what we collect, why, who helps us process it, how long we keep it and how you can control it.',
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      content: [
        'Teamfolk provides online HR software for small and medium businesses: employee profiles, leave requests with one-click approval, a team calendar and per-employee billing.',
        'For the account of the person who signs a company up (the admin), for billing and for this website, Teamfolk is the data controller. For the employee data a company keeps in Teamfolk, that company is the controller and Teamfolk processes the data on its behalf, as a processor, under our data processing agreement (see our GDPR page).',
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      content: [
        [
          'Account data: the admin’s name, e-mail address and company name, and a password that we store only as a salted hash.',
          'Employee data a company adds: name, e-mail address, role, hire date, birthday (optional), leave balances for vacation, sick days and the hours bank, and the leave requests employees submit with their type, dates, times and the reason if one is given.',
          'Billing data: the number of employees billed, the subscription status, invoices and payment history. Card details are entered directly with our payment provider; we receive only the card brand, the last four digits and the expiry date.',
          'Technical data: IP address, browser type and the pages requested, recorded in server logs.',
          'Messages you send us, for example support requests.',
        ],
        'We do not ask for special categories of data such as health information. A sick-day request records only that the employee was absent because of sickness: please do not put medical details in the reason field.',
      ],
    },
    {
      id: 'why-we-use-it',
      heading: 'Why we use it and on which legal basis',
      content: [
        [
          'To provide the service: accounts, employee profiles, leave requests, approvals and the calendar (performance of our contract with your company).',
          'To send the e-mails the service depends on: address verification, invitations and billing notices (performance of the contract).',
          'To bill the subscription of $2 per employee per month and keep accounting records (contract and legal obligation).',
          'To keep Teamfolk secure, prevent abuse and fix errors (our legitimate interest in a safe, working service).',
          'To tell admins about important changes to the service (legitimate interest).',
        ],
        'We never sell personal data, never use employee data for advertising and never combine it with data from other sources.',
      ],
    },
    {
      id: 'processors',
      heading: 'Who processes data for us',
      content: [
        'We share personal data only with the service providers that help us run Teamfolk, each bound by a written data processing agreement:',
        [
          'Stripe, our payment provider: takes payments, stores card details and sends payment receipts.',
          'Our e-mail delivery provider: sends verification, invitation and billing e-mails for us.',
          'Our cloud hosting provider: runs the servers, the database and the backups, in data centres in the European Union.',
          'Google, only when a user chooses to export the calendar to Google Calendar; the exported events are then governed by Google’s terms.',
        ],
        'The current list of sub-processors, with their locations, is available from privacy@teamfolk.com. We may also disclose data when the law requires it, and only as far as it requires.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      content: [
        [
          'While a subscription is active, we keep the company’s data so that the service works.',
          'When a subscription ends, the company account and all of its employee data are deleted 30 days later. Until then an admin can reactivate the subscription or download the company’s data from the account page.',
          'Backups are overwritten on a rolling schedule, so deleted data leaves them within a further 30 days.',
          'An employee removed by an admin loses access at once; the admin can then erase that person’s personal data, keeping only anonymous leave statistics.',
          'Invoices and payment records are kept for the period tax and accounting law requires, then deleted.',
          'Server logs are kept for 30 days.',
        ],
      ],
    },
    {
      id: 'security',
      heading: 'How we protect it',
      content: [
        'Every connection to Teamfolk is encrypted. Passwords are stored only as salted hashes, every company’s data is kept separate from every other company’s, and verification and invitation links work once and expire after 7 days. Only the staff who need it to run the service can reach production data, and that access is logged. If a breach puts your data at risk, we tell the affected customers within 72 hours.',
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International transfers',
      content: [
        'We store customer data in the European Union. Where a provider processes data outside the European Economic Area, for example for payments, the transfer is covered by the European Commission’s Standard Contractual Clauses or an adequacy decision.',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      content: [
        'Teamfolk is a service for businesses and is not meant for anyone under 16. We do not knowingly collect data about children.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      content: [
        'When we change this policy we update the date at the top. If a change matters for how we use your data, we e-mail the admins of every company at least 30 days before it takes effect.',
      ],
    },
  ],
};
