// The test-bank module: instructors' tests kept as versioned templates (the Test Bank) and the builder's
// question search (docs/test-bank.md). Assignments (the assignments module) pin a template's version.
import type { ServerModule } from '../manifest';
import { testBankRoutes } from './routes';

export { findTemplate, listTemplates } from './repository';
export { drawRules, plainStart } from './service';

export const testBankModule: ServerModule = { name: 'test-bank', routes: testBankRoutes };
