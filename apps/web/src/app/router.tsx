import { createBrowserRouter, Navigate } from 'react-router';
import { AccountSettingsPage } from '../features/accounts/routes/account-settings-page';
import { LoginPage } from '../features/accounts/routes/login-page';
import { ResetPasswordPage } from '../features/accounts/routes/reset-password-page';
import { CheckoutSuccessPage } from '../features/checkout/routes/checkout-success-page';
import { LocalCheckoutPage } from '../features/checkout/routes/local-checkout-page';
import { ContactPage } from '../features/contact/routes/contact-page';
import { DashboardPage } from '../features/dashboard/routes/dashboard-page';
import { ErrorPage } from '../features/errors/routes/error-page';
import { AboutPage } from '../features/marketing/routes/about-page';
import { DemosPage } from '../features/marketing/routes/demos-page';
import { LandingPage } from '../features/marketing/routes/landing-page';
import { RegisterPage } from '../features/registration/routes/register-page';
import { UserRegistrationPage } from '../features/registration/routes/user-registration-page';
import { AppShellLayout } from '../features/shell/components/app-shell-layout';
import { RequireSidebarLink } from '../features/shell/components/require-sidebar-link';
import { ComingSoonPage } from '../features/shell/routes/coming-soon-page';
import { ProductPage } from '../features/store/routes/product-page';
import { StorePage } from '../features/store/routes/store-page';
import { TestRunPage } from '../features/tests/routes/test-run-page';
import { PublicLayout } from './public-layout';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

const soon = (title: string, what: string) => <ComingSoonPage title={title} what={what} />;
/** A staff page's route, open only to roles whose sidebar shows its link (SPEC §6); the path is that link's. */
const staff = (path: string, title: string, what: string) => ({
  path,
  element: (
    <RequireSidebarLink to={path} label={title}>
      {soon(title, what)}
    </RequireSidebarLink>
  ),
});

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/userRegistration', element: <UserRegistrationPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/resetPassword', element: <ResetPasswordPage /> },
          { path: '/store', element: <StorePage /> },
          { path: '/store/products/:id', element: <ProductPage /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/demos', element: <DemosPage /> },
          { path: '/error', element: <ErrorPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: '/checkout/local/:sessionId', element: <LocalCheckoutPage /> },
              { path: '/checkout/success', element: <CheckoutSuccessPage /> },
            ],
          },
        ],
      },
      {
        element: <AppShellLayout />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/account', element: <AccountSettingsPage /> },
          {
            path: '/tests/create',
            element: soon(
              'Start Test',
              'Build a practice test from your QBank: tutor or timed mode, by subject and category.',
            ),
          },
          {
            path: '/tests',
            element: soon('My Tests', 'Your tests, their scores and a review of every answer.'),
          },
          // SPEC §2: the shell hides its header and sidebar on run, its footer on run and review.
          { path: '/tests/:id/run', element: <TestRunPage /> },
          {
            path: '/tests/:id/review',
            element: soon(
              'Test Review',
              'Every question of this test with your answer, the correct one, the explanation and how other learners answered.',
            ),
          },
          staff(
            '/questions',
            'My Questions',
            'Write, review and publish questions with full version history.',
          ),
          staff('/roster', 'Students', 'Enrol students one by one or in bulk and follow their progress.'),
          staff('/test-templates', 'Test Bank', 'Ready-made tests to assign to your students.'),
          staff(
            '/test-builder/new',
            'Test Builder',
            'Pick questions by hand to build a test for your students.',
          ),
          staff('/admin', 'Admin', "Manage your QBank's content, plans, logos and colours."),
          staff('/superuser', 'Super', 'Platform administration for superusers.'),
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
