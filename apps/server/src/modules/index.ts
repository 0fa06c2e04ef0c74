// Every module of the server, in the order app.ts registers them (routes, job kinds, periodic tasks). The one
// place that knows them all, and so where a module that needs another's service without depending on it is
// handed it (subscriptions gets the checkout it sends renewals through).
import { accountsModule } from './accounts';
import { assignmentsModule } from './assignments';
import { auditModule } from './audit';
import { billingModule } from './billing';
import { brandingModule } from './branding';
import { catalogueModule } from './catalogue';
import { checkoutModule, checkoutService } from './checkout';
import { contactModule } from './contact';
import { devMailboxModule } from './dev-mailbox';
import { enrolmentModule } from './enrolment';
import { examsModule } from './exams';
import { importsModule } from './imports';
import { ltiModule } from './lti';
import type { ServerModule } from './manifest';
import { mediaModule } from './media';
import { platformHealthModule } from './platform-health';
import { productSettingsModule } from './product-settings';
import { questionsModule } from './questions';
import { referralsModule } from './referrals';
import { registrationModule } from './registration';
import { rosterModule } from './roster';
import { salesModule } from './sales';
import { siteModule } from './site';
import { staffModule } from './staff';
import { storeModule } from './store';
import { subscriptionsModule } from './subscriptions';
import { superuserModule } from './superuser';
import { testBankModule } from './test-bank';

export type { PeriodicTask, ServerModule } from './manifest';

export const MODULES: readonly ServerModule[] = [
  accountsModule,
  registrationModule,
  contactModule,
  referralsModule,
  storeModule,
  catalogueModule,
  billingModule,
  brandingModule,
  productSettingsModule,
  subscriptionsModule(checkoutService),
  questionsModule,
  mediaModule,
  importsModule,
  examsModule,
  rosterModule,
  enrolmentModule,
  salesModule,
  staffModule,
  ltiModule,
  testBankModule,
  assignmentsModule,
  auditModule,
  superuserModule,
  platformHealthModule,
  checkoutModule,
  siteModule,
  devMailboxModule,
];
