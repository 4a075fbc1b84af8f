import { MAX_REQUEST_BODY_DEPTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * Every user-visible text the spec names, once. The API answers with these messages and the console
 * shows them, so a wording change is made here and nowhere else.
 */
export const authTexts = {
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  passwordsDoNotMatch: 'Passwords do not match',
  invitationPasswordTooShort: 'Password must be at least 6 characters long',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordTooCommon: 'This password is too common. Please choose another one.',
  passwordRule: `At least ${PASSWORD_MIN_LENGTH} characters, and not a common password`,
  checkYourEmail: 'Please check your email to verify your account.',
  verifying: 'Verifying your email address...',
  verifiedTitle: 'Email Verified Successfully!',
  verifiedMessage: 'Your email address has been verified. You can now sign in.',
  verificationFailedTitle: 'Verification Failed',
  verificationFailed: 'Verification failed',
  invalidVerificationLink: 'Invalid verification link',
  verificationLinkUnknown: 'This verification link is invalid. Request a new one from your dashboard.',
  verificationLinkExpired: 'This verification link has expired. Request a new one from your dashboard.',
  verificationLinkUsed: 'This verification link has already been used. You can sign in.',
  resendAccepted: 'If this address has an unverified account, a new verification email is on its way.',
  resendSuccess: 'Verification email sent successfully! Please check your inbox.',
  resendFailed: 'Failed to send verification email. Please try again.',
  resendFailedSession: 'Failed to send verification email',
  verificationBanner: 'Email Verification Required - Please verify your email address before logging in',
  fetchUserFailedLog: 'Failed to fetch user:',
  refreshFailedLog: 'Failed to refresh user data:',
  invalidInvitationTitle: 'Invalid Invitation',
  invalidInvitation: 'Invalid or expired invitation link',
  noInvitationToken: 'No invitation token provided',
  invitationAlreadyAccepted: 'This invitation has already been accepted. Sign in instead.',
  createAccountFailed: 'Failed to create account',
  notSignedIn: 'Please sign in to continue',
  sessionExpired: 'Your session has ended. Please sign in again.',
  adminOnly: 'Only a company administrator can do this',
  emailVerificationRequired: 'Please verify your email address first: use the link we sent you, or resend it.',
  signedOut: 'You have been signed out.',
} as const;

/** '15 minutes', '1 minute'; past an hour and a half, '24 hours'. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 90) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** 'Too many attempts. Please try again in 15 minutes.': the reply to a throttled sign-in (HTTP 429). */
export function tooManyAttemptsText(retryAfterSeconds: number): string {
  return `Too many attempts. Please try again in ${waitText(retryAfterSeconds)}.`;
}

/** The 429 to an admin who named too many addresses that sign in at another company as new employees. */
export function tooManyTakenAddressesText(retryAfterSeconds: number): string {
  return `Too many of the addresses you named have a Teamfolk account with another company. Please try again in ${waitText(retryAfterSeconds)}.`;
}

export const generalTexts = {
  applicationError: 'Application Error',
  notFound: 'Not found',
  internalError: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  companyBusy: 'Your company has too many changes in progress at once. Please try again in a moment.',
  invalidJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request body is too large',
  bodyTooDeep: `The request body nests objects and arrays more than ${MAX_REQUEST_BODY_DEPTH} levels deep`,
} as const;

export const employeeTexts = {
  fetchFailed: 'Failed to fetch employees',
  deleteFailed: 'Failed to delete employee',
  saveFailed: 'Failed to save employee',
  balancesFailed: 'Failed to update balances',
  deleted: 'Employee deleted successfully',
  updated: 'Employee updated successfully',
  added: 'Employee added successfully and invitation email sent',
  balancesUpdated: 'Employee balances updated successfully',
  balancesChanged:
    'These balances changed while you were editing them (a leave was decided, or another admin saved them). Open them again to see the current amounts.',
  notSet: 'Not set',
  firstEmployeeRequiresPayment: 'First employee requires payment setup',
  paymentMethodRequired: 'Payment method required. Redirecting to billing...',
  notFound: 'Employee not found',
  emailTaken: 'An employee or user with this email already exists in your company',
  emailTakenElsewhere: 'This email already has a Teamfolk account with another company: use another address',
  invitationResent: 'Invitation email sent again',
  alreadyJoined: 'This employee has already accepted the invitation',
  invitationNotQueued:
    'The employee was saved, but the invitation email could not be queued. Use "Resend invitation" to try again.',
  vacationUsedAboveTotal: 'vacation_days_used cannot be above vacation_days_total',
  bankHoursUsedAboveTotal: 'bank_hours_used cannot be above bank_hours_total',
} as const;

export const leaveTexts = {
  fetchFailed: 'Failed to fetch leave requests',
  updateFailed: 'Failed to update leave request',
  submitFailed: 'Failed to submit leave request',
  submitted: 'Leave request submitted successfully',
  approved: 'Leave request approved successfully',
  rejected: 'Leave request rejected successfully',
  withdrawn: 'Leave request withdrawn successfully',
  invalidDates: 'Please select valid dates',
  invalidStartDate: 'Please select a valid start date',
  invalidEndDate: 'Please select a valid end date',
  partialDaySameDate: 'Partial day leave must be for the same date',
  endAfterStart: 'End date must be after start date',
  endTimeAfterStart: 'End time must be after start time',
  noWorkingDays: 'These dates contain no working days: weekends and public holidays are not counted',
  spanTooLong: 'A leave request can span at most 366 days',
  overlap: 'This person already has a pending or approved leave request overlapping these dates',
  notFound: 'Leave request not found',
  onlyPendingDecided: 'Only pending leave requests can be approved or rejected',
  cannotWithdraw: 'Only a pending request can be withdrawn by its owner; an admin can withdraw an approved one',
  sickOverdrawn: 'This request takes the sick day balance below zero',
  noReason: 'No reason provided',
  fullDay: 'Full Day',
  partial: 'Partial',
} as const;

/** 'Insufficient vacation balance: 3 days remaining, 5 requested' (spec wording for the vacation case). */
export function insufficientBalanceText(
  balance: 'vacation' | 'hours bank',
  remaining: number,
  requested: number,
): string {
  const unit = balance === 'vacation' ? 'days' : 'hours';
  return `Insufficient ${balance} balance: ${remaining} ${unit} remaining, ${requested} requested`;
}

export const dashboardTexts = {
  noUpcomingEventsTitle: 'No Upcoming Events',
  noUpcomingEvents: 'There are no birthdays or work anniversaries in the next 30 days.',
  today: 'Today!',
  tomorrow: 'Tomorrow',
} as const;

export const calendarTexts = {
  fetchFailed: 'Failed to fetch calendar events',
  exportFailed: 'Failed to export calendar',
  googleFailed: 'Failed to export to Google Calendar',
  noGoogleEvents: 'No events to export to Google Calendar',
  exported: 'Calendar exported successfully',
  eventsThisMonth: 'Leave Events This Month',
  exportIcal: 'Export iCal',
  googleCalendar: 'Google Calendar',
  out: 'Out',
  feedNotFound: 'This calendar feed does not exist or was replaced by a new link',
  settingsSaved: 'Calendar settings saved',
  unknownCountry: 'No public holidays are known for this country or region',
} as const;

export const billingTexts = {
  loadFailed: 'Unable to load billing information',
  loadFailedAlt: 'Failed to load billing information',
  initiatePaymentFailed: 'Failed to initiate payment',
  createSubscriptionFailed: 'Failed to create subscription',
  addPaymentMethodFailed: 'Failed to add payment method',
  updatePaymentMethodFailed: 'Failed to update payment method',
  removePaymentMethodFailed: 'Failed to remove payment method',
  cancelFailed: 'Failed to cancel subscription',
  reactivateFailed: 'Failed to reactivate subscription',
  paymentSuccessFailed: 'Error processing payment success',
  providerFailedToInitialize: 'Stripe failed to initialize',
  paymentSuccessUnauthorized: 'Authentication failed. Please log in again and try to complete the payment process.',
  subscriptionExpired: 'Subscription expired. Access restricted.',
  subscriptionExpiredContactAdmin: 'Please contact an administrator to reactivate the subscription.',
  reactivated: 'Subscription reactivated successfully',
  defaultPaymentMethodUpdated: 'Default payment method updated successfully',
  paymentMethodRemoved: 'Payment method removed successfully',
  paymentMethodAdded: 'Payment method added successfully',
  subscriptionActivated: 'Subscription activated successfully',
  paymentAlreadyProcessed: 'This payment has already been processed',
  canceledAtPeriodEnd: 'Your subscription will be canceled at the end of the billing period',
  canceledImmediately: 'Your subscription has been canceled',
  addEmployeesFirst: 'Add employees before setting up billing',
  alreadySubscribed: 'The subscription is already active',
  reactivateInstead: 'The subscription is set to cancel: reactivate it instead of subscribing again',
  noSubscription: 'There is no active subscription',
  alreadyCanceled: 'The subscription has already ended: subscribe again to restore access',
  subscriptionEndedStartNew: 'The subscription has ended: start a new one with Subscribe Now',
  notCanceling: 'The subscription is not set to cancel',
  sessionNotFound: 'Checkout session not found',
  paymentNotCompleted: 'The payment was not completed',
  paymentMethodNotFound: 'Payment method not found',
  cannotRemoveDefault: 'The default payment method cannot be removed: make another card the default first',
  cannotRemoveLast: 'The only payment method cannot be removed',
  noCustomer: 'Set up billing first: no payment account exists for this company yet',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  pendingEmployeeNotCreated: 'The payment went through, but the employee could not be created: add them again.',
  webhookSignatureInvalid: 'Webhook signature verification failed',
  webhookNotConfigured: 'Payment webhooks are not configured',
  cardInvalid: 'Your card number is invalid.',
  cardDeclined: 'Your card was declined.',
  cardNotTestCard: 'Your card was declined. In test mode, use a test card such as 4242 4242 4242 4242.',
  cardExpiryInvalid: "Your card's expiration date is invalid: type it as MM / YY.",
  cardExpiryPast: "Your card's expiration date is in the past.",
  cardExpiryLabel: 'Expiry',
  checkoutExpired: 'This checkout session has expired. Start again from the billing page.',
  /** The hosted checkout of a new subscription: its first month is charged at once, in full. */
  checkoutChargedToday: 'Charged today: %{amount} for your first month, then %{amount} every month.',
  cardNumberLabel: 'Card number',
  payButton: 'Pay',
  saveCardButton: 'Save card',
} as const;
