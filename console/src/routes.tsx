import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { RedirectSignedIn } from './auth/RedirectSignedIn';
import { RequireSession } from './auth/RequireSession';
import { returnLoadingLabel } from './billing/returnLoadingLabel';
import { en } from './i18n/en';
import { FullPageLoader } from './public/FullPageLoader';
import { legalRoutes } from './public/legal/legalRoutes';
import { RouteErrorPage } from './public/RouteErrorPage';

/* Every screen is its own chunk; react-admin only loads once a signed-in user opens /dashboard. */
const LandingPage = lazy(() => import('./public/LandingPage').then((module) => ({ default: module.LandingPage })));
const LoginPage = lazy(() => import('./public/LoginPage').then((module) => ({ default: module.LoginPage })));
const SignupPage = lazy(() => import('./public/SignupPage').then((module) => ({ default: module.SignupPage })));
const VerifyEmailPage = lazy(() =>
  import('./public/VerifyEmailPage').then((module) => ({ default: module.VerifyEmailPage })),
);
const InvitationPage = lazy(() =>
  import('./public/InvitationPage').then((module) => ({ default: module.InvitationPage })),
);
const DecisionPage = lazy(() => import('./public/DecisionPage').then((module) => ({ default: module.DecisionPage })));
const NotFoundPage = lazy(() => import('./public/NotFoundPage').then((module) => ({ default: module.NotFoundPage })));
const App = lazy(() => import('./App').then((module) => ({ default: module.App })));

function RootLayout() {
  const { pathname, search } = useLocation();
  return (
    <Suspense fallback={<FullPageLoader label={returnLoadingLabel(pathname, search) ?? en.app.loading} />}>
      <ScrollRestoration />
      <Outlet />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        path: '/login',
        element: (
          <RedirectSignedIn>
            <LoginPage />
          </RedirectSignedIn>
        ),
      },
      {
        path: '/signup',
        element: (
          <RedirectSignedIn>
            <SignupPage />
          </RedirectSignedIn>
        ),
      },
      { path: '/verify-email/:token?', element: <VerifyEmailPage /> },
      { path: '/invitation/:token?', element: <InvitationPage /> },
      { path: '/decide/:token', element: <DecisionPage /> },
      ...legalRoutes,
      {
        path: '/dashboard/*',
        element: (
          <RequireSession>
            <App />
          </RequireSession>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
