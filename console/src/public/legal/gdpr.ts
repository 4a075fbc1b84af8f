import { en } from '../../i18n/en';
import type { LegalDocument } from './LegalDocument';

export const gdpr: LegalDocument = {
  title: en.app.legal.titles.gdpr,
  description:
    'How Teamfolk meets the GDPR as a processor of employee data: data processing agreement, sub-processors, security, breach notification, deletion and your rights.',
  summary:
    'Companies trust Teamfolk with information about their employees. This page explains how we meet the General Data Protection Regulation (GDPR) and help our customers meet it too.',
  sections: [
    {
      id: 'roles',
      heading: 'Controller and processor',
      content: [
        'For employee data, each customer company is the controller: it decides what it records about its people and why. Teamfolk is its processor and acts only on its documented instructions. For admin accounts, billing and this website, Teamfolk is the controller.',
      ],
    },
    {
      id: 'data-processing-agreement',
      heading: 'Data processing agreement',
      content: [
        'Our data processing agreement under Article 28 of the GDPR is part of the Terms of Service for every customer. It covers processing only on instructions, confidentiality of our staff, security measures, the use of sub-processors, help with data subject requests and breaches, deletion at the end of the service, and audits. A countersigned copy is available from legal@teamfolk.com.',
      ],
    },
    {
      id: 'lawful-basis',
      heading: 'Lawful basis',
      content: [
        'Customers usually process employee data because the employment contract and employment law require it, for example to record leave. We process admin data to perform our contract with the customer and, for security, on the basis of our legitimate interests.',
      ],
    },
    {
      id: 'data-minimisation',
      heading: 'Data minimisation',
      content: [
        'Teamfolk asks only for what HR administration needs. The birthday and the reason for a leave request are optional, and no special category data, such as health details, is ever required.',
      ],
    },
    {
      id: 'sub-processors',
      heading: 'Sub-processors',
      content: [
        [
          'Stripe: payments (European Union and United States).',
          'Our e-mail delivery provider: transactional e-mail (European Union).',
          'Our cloud hosting provider: servers, database and backups (European Union).',
        ],
        'We give customers 30 days’ notice before adding or replacing a sub-processor, so that they can object.',
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International transfers',
      content: [
        'Customer data is stored in the European Union. Any transfer outside the European Economic Area relies on the European Commission’s Standard Contractual Clauses or an adequacy decision, with supplementary measures where needed.',
      ],
    },
    {
      id: 'security-measures',
      heading: 'Security measures',
      content: [
        [
          'Encryption of every connection in transit, and encrypted backups.',
          'Passwords stored only as salted hashes.',
          'Strict separation of each company’s data.',
          'Production access for the few staff who need it, logged.',
          'Verification and invitation links that work once and expire after 7 days.',
          'Regular security updates of every component.',
        ],
      ],
    },
    {
      id: 'breach-notification',
      heading: 'Personal data breaches',
      content: [
        'If a breach affects personal data we process, we inform the affected customers without undue delay and within 72 hours of becoming aware of it, with what they need to meet their own obligations.',
      ],
    },
    {
      id: 'retention-and-deletion',
      heading: 'Retention and deletion',
      content: [
        'All of a company’s data is deleted 30 days after its subscription ends. Until then an admin can download all of it (JSON and CSV in one zip) from the account page, and every employee can download their own there. An admin can erase the personal data of an employee they removed; only anonymous leave statistics remain.',
      ],
    },
    {
      id: 'data-subject-requests',
      heading: 'Data subject requests',
      content: [
        'Employees should first contact their employer, who controls their data. We help our customers answer every request and reply within one month to requests sent to us directly.',
      ],
    },
  ],
};
