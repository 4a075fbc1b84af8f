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
} as const;

export const generalTexts = {
  applicationError: 'Application Error',
  notFound: 'Not found',
  internalError: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  invalidJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request body is too large',
} as const;
