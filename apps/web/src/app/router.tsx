import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from './public-layout';
import { queryClient } from './query-client';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError, ShellRouteError } from './route-error';

// Every page is its own chunk, fetched when a route first needs it (the landing page's first load stays small);
// the frames around them (root, public) come with the entry, the signed-in shell with its first page. Each page
// renders its own <PageTitle>.
type Lazy = NonNullable<RouteObject['lazy']>;
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType): Lazy =>
  async () => ({ Component: pick(await load()) });

/**
 * A page behind a staff link's guard: open only to roles whose sidebar shows `link` (SPEC §6), and to
 * superusers too with `orSuperuser`. The pages under /questions share My Questions' link, those under /admin
 * Admin's.
 */
const guarded = <M,>(
  link: string,
  label: string,
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  orSuperuser = false,
): Lazy =>
  page(
    () => Promise.all([load(), import('../features/shell/components/require-sidebar-link')]),
    ([m, { RequireSidebarLink }]) => {
      const Page = pick(m);
      return () => (
        <RequireSidebarLink to={link} label={label} orSuperuser={orSuperuser}>
          <Page />
        </RequireSidebarLink>
      );
    },
  );
const questionsPage = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  guarded('/questions', 'My Questions', load, pick);

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: null,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            path: '/',
            lazy: page(
              () => import('../features/marketing/routes/landing-page'),
              (m) => m.LandingPage,
            ),
          },
          {
            path: '/register',
            lazy: page(
              () => import('../features/registration/routes/register-page'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: '/userRegistration',
            lazy: page(
              () => import('../features/registration/routes/user-registration-page'),
              (m) => m.UserRegistrationPage,
            ),
          },
          {
            path: '/login',
            lazy: page(
              () => import('../features/accounts/routes/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: '/resetPassword',
            lazy: page(
              () => import('../features/accounts/routes/reset-password-page'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: '/store',
            // The loader fills the app's cache from the server's HTML's data before the first render
            // (lib/server-rendered.ts); the page's module takes the cache from here, never from app/.
            lazy: async () => {
              const m = await import('../features/store/routes/store-page');
              return { Component: m.StorePage, loader: m.storeLoader(queryClient) };
            },
          },
          {
            path: '/store/products/:id',
            lazy: async () => {
              const m = await import('../features/store/routes/product-page');
              return { Component: m.ProductPage, loader: m.productLoader(queryClient) };
            },
          },
          {
            path: '/contact',
            lazy: page(
              () => import('../features/contact/routes/contact-page'),
              (m) => m.ContactPage,
            ),
          },
          {
            path: '/about',
            lazy: page(
              () => import('../features/marketing/routes/about-page'),
              (m) => m.AboutPage,
            ),
          },
          {
            path: '/demos',
            lazy: page(
              () => import('../features/marketing/routes/demos-page'),
              (m) => m.DemosPage,
            ),
          },
          {
            path: '/invitation/:token',
            lazy: page(
              () => import('../features/enrolment/routes/invitation-page'),
              (m) => m.InvitationPage,
            ),
          },
          {
            path: '/staff-invitation/:token',
            lazy: page(
              () => import('../features/staff/routes/staff-invitation-page'),
              (m) => m.StaffInvitationPage,
            ),
          },
          {
            path: '/lti/link/:code',
            lazy: page(
              () => import('../features/lti/routes/link-page'),
              (m) => m.LtiLinkPage,
            ),
          },
          {
            path: '/join/:code',
            lazy: page(
              () => import('../features/enrolment/routes/join-page'),
              (m) => m.JoinPage,
            ),
          },
          {
            path: '/error',
            lazy: page(
              () => import('../features/errors/routes/error-page'),
              (m) => m.ErrorPage,
            ),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/checkout/local/:sessionId',
                lazy: page(
                  () => import('../features/checkout/routes/local-checkout-page'),
                  (m) => m.LocalCheckoutPage,
                ),
              },
              {
                path: '/checkout/success',
                lazy: page(
                  () => import('../features/checkout/routes/checkout-success-page'),
                  (m) => m.CheckoutSuccessPage,
                ),
              },
            ],
          },
        ],
      },
      {
        lazy: page(
          () => import('../features/shell/components/app-shell-layout'),
          (m) => m.AppShellLayout,
        ),
        children: [
          {
            // A page that throws while rendering shows its error inside the shell, whose header and sidebar
            // keep working; the root's error element is for the rest (a frame that fails, public pages).
            errorElement: <ShellRouteError />,
            children: [
              {
                path: '/dashboard',
                lazy: page(
                  () => import('../features/dashboard/routes/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: '/account',
                lazy: page(
                  () => import('../features/accounts/routes/account-settings-page'),
                  (m) => m.AccountSettingsPage,
                ),
              },
              {
                path: '/tests/create',
                lazy: page(
                  () => import('../features/exams/routes/create-test-page'),
                  (m) => m.CreateTestPage,
                ),
              },
              {
                path: '/tests',
                lazy: page(
                  () => import('../features/exams/routes/my-tests-page'),
                  (m) => m.MyTestsPage,
                ),
              },
              // SPEC §2: the shell hides its header and sidebar on run, its footer on run and review.
              {
                path: '/tests/:id/run',
                lazy: page(
                  () => import('../features/exams/routes/test-run-page'),
                  (m) => m.TestRunPage,
                ),
              },
              {
                path: '/tests/:id/review',
                lazy: page(
                  () => import('../features/exams/routes/test-review-page'),
                  (m) => m.TestReviewPage,
                ),
              },
              {
                path: '/questions',
                lazy: questionsPage(
                  () => import('../features/questions/routes/my-questions-page'),
                  (m) => m.MyQuestionsPage,
                ),
              },
              {
                path: '/questions/import',
                lazy: questionsPage(
                  () => import('../features/questions/routes/question-import-page'),
                  (m) => m.QuestionImportPage,
                ),
              },
              // The editor (with the rich-text editor's code) loads only when one of its two routes opens.
              {
                path: '/questions/new',
                lazy: questionsPage(
                  () => import('../features/questions/routes/question-editor-page'),
                  (m) => m.NewQuestionPage,
                ),
              },
              {
                path: '/questions/:id/edit',
                lazy: questionsPage(
                  () => import('../features/questions/routes/question-editor-page'),
                  (m) => m.EditQuestionPage,
                ),
              },
              {
                path: '/questions/:id',
                lazy: questionsPage(
                  () => import('../features/questions/routes/question-review-page'),
                  (m) => m.QuestionReviewPage,
                ),
              },
              {
                path: '/roster',
                lazy: guarded(
                  '/roster',
                  'Students',
                  () => import('../features/roster/routes/students-page'),
                  (m) => m.StudentsPage,
                ),
              },
              {
                path: '/roster/enrol',
                lazy: guarded(
                  '/roster',
                  'Students',
                  () => import('../features/roster/routes/enrol-page'),
                  (m) => m.EnrolPage,
                ),
              },
              {
                path: '/roster/performance',
                lazy: guarded(
                  '/roster',
                  'Students',
                  () => import('../features/roster/routes/performance-page'),
                  (m) => m.PerformancePage,
                ),
              },
              {
                path: '/roster/:userId/tests/:testId',
                lazy: guarded(
                  '/roster',
                  'Students',
                  () => import('../features/roster/routes/student-review-page'),
                  (m) => m.StudentReviewPage,
                ),
              },
              {
                path: '/roster/:userId',
                lazy: guarded(
                  '/roster',
                  'Students',
                  () => import('../features/roster/routes/student-page'),
                  (m) => m.StudentPage,
                ),
              },
              {
                path: '/admin/audit',
                lazy: guarded(
                  '/admin',
                  'Admin',
                  () => import('../features/audit/routes/audit-pages'),
                  (m) => m.ProductAuditPage,
                ),
              },
              {
                path: '/superuser/audit',
                lazy: guarded(
                  '/superuser',
                  'Super',
                  () => import('../features/audit/routes/audit-pages'),
                  (m) => m.PlatformAuditPage,
                ),
              },
              {
                path: '/my-assignments/:id',
                lazy: page(
                  () => import('../features/assignments/routes/my-assignment-page'),
                  (m) => m.MyAssignmentPage,
                ),
              },
              {
                path: '/assignments',
                lazy: guarded(
                  '/test-templates',
                  'Test Bank',
                  () => import('../features/assignments/routes/assignments-page'),
                  (m) => m.AssignmentsPage,
                ),
              },
              {
                path: '/assignments/new',
                lazy: guarded(
                  '/test-templates',
                  'Test Bank',
                  () => import('../features/assignments/routes/assignment-form-page'),
                  (m) => m.AssignmentFormPage,
                ),
              },
              {
                path: '/assignments/:id/edit',
                lazy: guarded(
                  '/test-templates',
                  'Test Bank',
                  () => import('../features/assignments/routes/assignment-form-page'),
                  (m) => m.AssignmentFormPage,
                ),
              },
              {
                path: '/assignments/:id',
                lazy: guarded(
                  '/test-templates',
                  'Test Bank',
                  () => import('../features/assignments/routes/assignment-results-page'),
                  (m) => m.AssignmentResultsPage,
                ),
              },
              {
                path: '/test-templates',
                lazy: guarded(
                  '/test-templates',
                  'Test Bank',
                  () => import('../features/test-bank/routes/test-bank-page'),
                  (m) => m.TestBankPage,
                ),
              },
              {
                path: '/test-builder/new',
                lazy: guarded(
                  '/test-builder/new',
                  'Test Builder',
                  () => import('../features/test-bank/routes/test-builder-page'),
                  (m) => m.TestBuilderPage,
                ),
              },
              {
                path: '/test-builder/:id',
                lazy: guarded(
                  '/test-builder/new',
                  'Test Builder',
                  () => import('../features/test-bank/routes/test-builder-page'),
                  (m) => m.TestBuilderPage,
                ),
              },
              {
                path: '/admin',
                lazy: guarded(
                  '/admin',
                  'Admin',
                  () => import('../features/admin/routes/admin-page'),
                  (m) => m.AdminPage,
                ),
              },
              // The server lets superusers edit any product's tree, so its page opens for them as for admins.
              {
                path: '/admin/tree',
                lazy: guarded(
                  '/admin',
                  'Subject tree',
                  () => import('../features/catalogue/routes/subject-tree-page'),
                  (m) => m.SubjectTreePage,
                  true,
                ),
              },
              {
                path: '/admin/reference',
                lazy: guarded(
                  '/admin',
                  'Reference panel',
                  () => import('../features/catalogue/routes/reference-page'),
                  (m) => m.ReferencePage,
                  true,
                ),
              },
              // The server lets superusers manage any product's staff, so the page opens for them too.
              {
                path: '/admin/staff',
                lazy: guarded(
                  '/admin',
                  'Staff',
                  () => import('../features/staff/routes/staff-page'),
                  (m) => m.StaffPage,
                  true,
                ),
              },
              {
                path: '/admin/lti',
                lazy: guarded(
                  '/admin',
                  'Course platforms',
                  () => import('../features/lti/routes/lti-page'),
                  (m) => m.LtiPage,
                  true,
                ),
              },
              {
                path: '/superuser',
                lazy: guarded(
                  '/superuser',
                  'Super',
                  () => import('../features/superuser/routes/superuser-page'),
                  (m) => m.SuperuserPage,
                ),
              },
              {
                path: '/superuser/users/:id',
                lazy: guarded(
                  '/superuser',
                  'Super',
                  () => import('../features/superuser/routes/superuser-user-page'),
                  (m) => m.SuperuserUserPage,
                ),
              },
              {
                path: '/superuser/health',
                lazy: guarded(
                  '/superuser',
                  'Super',
                  () => import('../features/platform-health/routes/platform-health-page'),
                  (m) => m.PlatformHealthPage,
                ),
              },
              {
                path: '/superuser/products',
                lazy: guarded(
                  '/superuser',
                  'Super',
                  () => import('../features/superuser/routes/superuser-products-page'),
                  (m) => m.SuperuserProductsPage,
                ),
              },
              {
                path: '/superuser/products/:id',
                lazy: guarded(
                  '/superuser',
                  'Super',
                  () => import('../features/superuser/routes/superuser-product-page'),
                  (m) => m.SuperuserProductPage,
                ),
              },
              {
                path: '/admin/branding',
                lazy: guarded(
                  '/admin',
                  'Logos and colours',
                  () => import('../features/branding/routes/branding-page'),
                  (m) => m.BrandingPage,
                  true,
                ),
              },
              // The server lets superusers read any product's sales, so the page opens for them too.
              {
                path: '/admin/sales',
                lazy: guarded(
                  '/admin',
                  'Sales',
                  () => import('../features/sales/routes/sales-page'),
                  (m) => m.SalesPage,
                  true,
                ),
              },
              // The server lets superusers manage any product's plans, so the page opens for them too.
              {
                path: '/admin/plans',
                lazy: guarded(
                  '/admin',
                  'Plans and prices',
                  () => import('../features/plans/routes/plans-page'),
                  (m) => m.PlansPage,
                  true,
                ),
              },
              {
                path: '/admin/settings',
                lazy: guarded(
                  '/admin',
                  'Store page',
                  () => import('../features/product-settings/routes/product-settings-page'),
                  (m) => m.ProductSettingsPage,
                  true,
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
