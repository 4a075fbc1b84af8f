import { en } from '../../i18n/en';
import type { LegalDocument } from './LegalDocument';

export const termsOfService: LegalDocument = {
  title: en.app.legal.titles.termsOfService,
  description:
    'The terms for using Teamfolk: $2 per employee per month, no contracts, cancel anytime, a 99.9% uptime commitment and deletion of your data 30 days after your subscription ends.',
  summary:
    'These terms are the agreement between Teamfolk and the company that signs up for it. We kept them short and plain: no contracts, no hidden fees, a clear uptime commitment and a clear end to your data when you leave.',
  sections: [
    {
      id: 'agreement',
      heading: 'The agreement',
      content: [
        'By creating a company account, you accept these terms on behalf of your company (the customer) and confirm that you may do so. Our Privacy Policy, Cookie Policy and GDPR commitments form part of this agreement.',
      ],
    },
    {
      id: 'the-service',
      heading: 'The service',
      content: [
        'Teamfolk is online HR software: employee profiles and contact information, leave balances, leave requests with one-click approval, a team calendar with iCal and Google Calendar export, and an overview of requests, birthdays and work anniversaries. We keep improving it and may change features, but we will not remove a core feature during a period you have already paid for.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Accounts and users',
      content: [
        [
          'The person who signs up becomes the company admin and verifies their e-mail address.',
          'The admin invites employees by e-mail; each employee sets their own password.',
          'Keep passwords confidential. The customer is responsible for what happens under its accounts and should tell us at once about any unauthorised use.',
        ],
      ],
    },
    {
      id: 'pricing-and-billing',
      heading: 'Pricing and billing',
      content: [
        [
          'Teamfolk costs $2 per employee per month, billed monthly in US dollars, plus any tax that applies.',
          'The admin is free: only employees count as seats.',
          'There is no proration: an employee added during a month is charged from the next billing cycle.',
          'No contracts, no set-up fees and no hidden fees.',
          'If a payment fails, we let the admin know; adding employees needs a working payment method.',
          'We announce price changes by e-mail at least 30 days ahead; they apply from the next billing cycle after that.',
        ],
      ],
    },
    {
      id: 'cancellation-and-deletion',
      heading: 'Cancellation and data deletion',
      content: [
        'You can cancel at any time from the Billing page. The subscription stays active until the end of the period already paid for, and partial months are not refunded.',
        'Your data is deleted permanently 30 days after the subscription ends. During those 30 days an admin can reactivate the subscription or download the company’s data from the account page.',
      ],
    },
    {
      id: 'uptime-commitment',
      heading: 'Availability: our 99.9% uptime commitment',
      content: [
        'We commit to 99.9% uptime each calendar month, measured as the share of minutes in which the application and its API answer normally.',
        [
          'Scheduled maintenance announced at least 48 hours ahead does not count as downtime, and we keep it to low-traffic hours.',
          'Outages caused by events beyond our reasonable control, or by the customer’s own systems or connection, do not count either.',
          'If we miss the commitment in a month, the customer may ask for a credit of 10% of that month’s fee, or 25% if uptime fell below 99.0%, within 30 days of the month’s end. The credit is applied to the next invoice.',
        ],
      ],
    },
    {
      id: 'your-data',
      heading: 'Your data',
      content: [
        'The customer owns the data it puts into Teamfolk. We process it only to provide the service and as described in our Privacy Policy and GDPR commitments. The customer is responsible for having a lawful basis for the employee data it stores and for informing its employees that it uses Teamfolk.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      content: [
        [
          'Use Teamfolk only for lawful HR purposes.',
          'Do not try to reach another company’s data, probe or overload the service, or work around its security.',
          'Do not upload malware or content you have no right to store.',
        ],
        'We may suspend an account that puts the service or other customers at risk, and we tell the admin why.',
      ],
    },
    {
      id: 'liability',
      heading: 'Warranties and liability',
      content: [
        'We provide Teamfolk with reasonable skill and care. As far as the law allows, our total liability under this agreement is limited to the fees the customer paid in the 12 months before the claim, and neither side is liable for indirect or consequential losses. Nothing in these terms limits liability for fraud, or for death or personal injury caused by negligence.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      content: [
        'We e-mail admins at least 30 days before a material change takes effect. A customer who does not accept the change can cancel before it applies.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law',
      content: [
        'These terms are governed by the laws of Ireland, and the courts of Ireland have jurisdiction over any dispute about them.',
      ],
    },
  ],
};
