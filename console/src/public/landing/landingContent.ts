/** The landing page's marketing copy. It lives with the landing page's chunk, not in the messages every page loads. */
export const landingContent = {
  hero: {
    eyebrow: 'HR software for small and medium businesses',
    title: 'Manage your team,',
    titleHighlight: 'not paperwork',
    subtitle:
      'Teamfolk keeps employee profiles, leave requests and your team calendar in one place. Approve time off in one click and always know who is in.',
    getStarted: 'Get Started - $2/employee',
    learnMore: 'Learn More',
    reassurance: 'No contracts · Cancel anytime · The admin account is free',
  },
  stats: {
    label: 'Teamfolk in numbers',
    items: [
      { value: '500+', label: 'Happy customers' },
      { value: '5 minute', label: 'Setup' },
      { value: '99.9%', label: 'Uptime' },
      { value: '$2', label: 'Per employee per month' },
    ],
  },
  calendar: {
    eyebrow: 'Team calendar',
    title: 'See who is out at a glance',
    text: 'Every approved vacation, sick day and hours-bank leave lands on one shared calendar, coloured by type. Export it to iCal or Google Calendar in a click.',
    imageAlt:
      'The Teamfolk calendar for December 2024: a month grid from Sunday to Saturday with colour-coded leave chips for vacation, sick days and hours bank, today highlighted, Export iCal and Google Calendar buttons, and the list of leave events this month.',
  },
  features: {
    eyebrow: 'Features',
    title: 'Everything a small team needs, nothing it does not',
    subtitle: 'Teamfolk covers the everyday HR work of a growing business without the complexity of enterprise tools.',
    items: {
      employees: {
        title: 'Employee Management',
        text: 'Profiles, contact details, hire dates and birthdays in one tidy place. Invite each person by e-mail.',
      },
      leave: {
        title: 'Leave Tracking',
        text: 'Vacation, sick days and hours bank with one-click approval. Balances update themselves.',
      },
      calendar: {
        title: 'Calendar Integration',
        text: 'A shared calendar of who is out, ready to export to iCal or Google Calendar.',
      },
      reports: {
        title: 'Simple Reports',
        text: 'Balances, pending requests, birthdays and work anniversaries on one clear overview.',
      },
      security: {
        title: 'Safe & Secure',
        text: 'Encrypted connections, hashed passwords and strict separation of every company’s data.',
      },
      easy: {
        title: 'Easy to Use',
        text: 'No training needed: set up in 5 minutes and use it on any device, desk or phone.',
      },
    },
  },
  testimonials: {
    eyebrow: 'Customers',
    title: 'Loved by small businesses',
    rating: 'Rated %{rating} out of 5',
    items: [
      {
        name: 'Sarah Mitchell',
        role: 'Office Manager',
        company: 'Brightside Dental',
        rating: 5,
        text: 'We tracked vacation in a spreadsheet nobody trusted. Now everyone sees their own balance and I approve requests in seconds.',
      },
      {
        name: 'David Chen',
        role: 'Founder',
        company: 'Chen & Co. Architects',
        rating: 5,
        text: 'Setup really took five minutes. At two dollars a person it costs less than the coffee we drink while planning the holiday rota.',
      },
      {
        name: 'Amara Okafor',
        role: 'HR Coordinator',
        company: 'Greenleaf Logistics',
        rating: 4,
        text: 'The shared calendar ended our double-booked holidays. Drivers send requests from their phones and get an answer the same day.',
      },
    ],
  },
  pricing: {
    eyebrow: 'Pricing',
    title: 'Simple, honest pricing',
    subtitle: 'One plan with everything included. Pay only for the employees you manage.',
    planName: 'Teamfolk',
    price: '$2',
    priceUnit: 'per employee per month',
    billing: 'Billed monthly. Employees you add are charged from the next cycle.',
    example: 'A team of 10 employees pays $20 a month.',
    promisesLabel: 'Our promises',
    promises: ['No contracts', 'Cancel anytime', 'No hidden fees', 'The admin is free'],
    includedHeading: 'Everything included',
    included: [
      'Employee profiles and leave balances',
      'Leave requests with one-click approval',
      'Team calendar with iCal and Google export',
      'Birthday and work-anniversary reminders',
      'Works on any device',
    ],
    cta: 'Get Started',
  },
  closing: {
    title: 'Ready to simplify HR?',
    text: 'Join 500+ small businesses that run their people admin with Teamfolk. Setup takes about 5 minutes.',
    cta: 'Start Your Journey',
  },
} as const;
