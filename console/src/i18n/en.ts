import { authTexts, generalTexts } from '@teamfolk/shared/contracts';

/**
 * The console's messages, in react-admin's polyglot format (`%{name}` placeholders, `||||` plurals).
 * Spec texts come from the shared contracts; the texts below them are the console's own wording
 * and should move into shared when the API or e-mails need them too.
 */
export const en = {
  app: {
    name: 'Teamfolk',
    loading: 'Loading...',
    landing: {
      documentTitle: 'Teamfolk · Simple HR software for small and medium businesses',
      tagline: 'Employee profiles, leave requests and a team calendar for small and medium businesses.',
      newHere: 'New to Teamfolk?',
      dashboard: 'Dashboard',
    },
    auth: {
      ...authTexts,
      emailLabel: 'Email',
      passwordLabel: 'Password',
      confirmPasswordLabel: 'Confirm Password',
      companyNameLabel: 'Company Name',
      yourNameLabel: 'Your Name',
      signIn: 'Sign In',
      signInHeading: 'Sign in to Teamfolk',
      noAccount: "Don't have an account?",
      signUp: 'Sign up',
      signUpHeading: 'Create your company account',
      createAccount: 'Create Account',
      goToLogin: 'Go to Login',
      haveAccount: 'Already have an account?',
      signInLink: 'Sign in',
      verifyEmailHeading: 'Email verification',
      continueToLogin: 'Continue to Login',
      backToLogin: 'Back to Login',
      tryAgain: 'Try Again',
      invitationHeading: 'Join your team',
      loadingInvitation: 'Loading your invitation...',
      helloName: 'Hello, %{name}',
      invitedAs: 'You were invited as',
      choosePassword: 'Choose a password to create your account.',
      acceptInvitation: 'Create Account & Login',
      goToHome: 'Go to Home',
      loadingSession: 'Loading your session...',
    },
    errors: {
      ...generalTexts,
      pageNotFoundTitle: 'Page not found',
      pageNotFoundMessage: 'The page you are looking for does not exist or has moved.',
      routeErrorMessage: 'Something went wrong while loading this page.',
      reloadPage: 'Reload page',
      goToHome: 'Go to Home',
    },
    layout: {
      adminTitle: 'Admin Dashboard',
      employeeTitle: 'Employee Dashboard',
      welcome: 'Welcome, %{name}',
      roleAdmin: 'Administrator',
      roleEmployee: 'Employee',
      logout: 'Logout',
      openNavigation: 'Open navigation menu',
      navigationLabel: 'Dashboard navigation',
    },
    access: {
      notAllowedTitle: 'Not allowed',
      notAllowedMessage: authTexts.adminOnly,
      backToDashboard: 'Back to Dashboard',
    },
    overview: {
      welcomeBack: 'Welcome back, %{name}',
      balanceTitle: 'Your Balance Overview',
      vacationBalance: 'Vacation Balance',
      sickDayBalance: 'Sick Day Balance',
      hoursBank: 'Hours Bank',
      total: 'Total',
      used: 'Used',
      remaining: 'Remaining',
      days: '%{value} day |||| %{value} days',
      hours: '%{value} hour |||| %{value} hours',
    },
    verificationBanner: {
      resend: 'Resend verification email',
    },
  },
  resources: {
    dashboard: { name: 'Dashboard' },
    leaves: {
      name: 'Leave Request |||| Leave Requests',
      emptyTitle: 'Coming soon',
      emptyMessage: 'Asking for time off and approving it with one click will happen here.',
    },
    calendar: {
      name: 'Calendar',
      emptyTitle: 'Coming soon',
      emptyMessage: 'A month view of who is out, with iCal and Google export, will appear here.',
    },
    employees: {
      name: 'Employee |||| Employees',
      emptyTitle: 'Coming soon',
      emptyMessage: 'Inviting your team, editing profiles and managing leave balances will happen here.',
    },
    billing: {
      name: 'Billing',
      emptyTitle: 'Coming soon',
      emptyMessage: 'Your subscription, payment methods and payment history will appear here.',
    },
  },
} as const;

/** Fills `%{name}` placeholders for screens that live outside react-admin's translate(). */
export function formatText(template: string, values: Record<string, string | number>): string {
  return template.replace(/%\{(\w+)\}/g, (placeholder, key: string) =>
    key in values ? String(values[key]) : placeholder,
  );
}
