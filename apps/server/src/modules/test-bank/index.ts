// The test-bank module: instructors' tests kept as versioned templates (the Test Bank) and the builder's
// question search (docs/test-bank.md). Assignments will pin a template's version.
import type { ServerModule } from '../manifest';
import { testBankRoutes } from './routes';

export const testBankModule: ServerModule = { name: 'test-bank', routes: testBankRoutes };
