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
import { ComingSoonPage } from '../features/shell/routes/coming-soon-page';
import { ProductPage } from '../features/store/routes/product-page';
import { StorePage } from '../features/store/routes/store-page';
import { PublicLayout } from './public-layout';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

const soon = (title: string, what: string) => <ComingSoonPage title={title} what={what} />;

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
          {
            path: '/questions',
            element: soon('My Questions', 'Write, review and publish questions with full version history.'),
          },
          {
            path: '/roster',
            element: soon('Students', 'Enrol students one by one or in bulk and follow their progress.'),
          },
          {
            path: '/test-templates',
            element: soon('Test Bank', 'Ready-made tests to assign to your students.'),
          },
          {
            path: '/test-builder/new',
            element: soon('Test Builder', 'Pick questions by hand to build a test for your students.'),
          },
          {
            path: '/admin',
            element: soon('Admin', "Manage your QBank's content, plans, logos and colours."),
          },
          { path: '/superuser', element: soon('Super', 'Platform administration for superusers.') },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
