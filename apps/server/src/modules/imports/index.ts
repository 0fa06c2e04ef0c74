// The imports module: question imports (read, previewed, committed as background jobs) and exports.
import { PURGE_EVERY_MS } from '../../infra/jobs';
import type { ServerModule } from '../manifest';
import { importReadJob, importWriteJob } from './jobs';
import { expireStalePreviews } from './repository';
import { importsRoutes } from './routes';

export const importsModule: ServerModule = {
  name: 'imports',
  routes: importsRoutes,
  jobs: [importReadJob, importWriteJob],
  every: [
    {
      name: 'imports: drop the files of previews never committed',
      everyMs: PURGE_EVERY_MS,
      run: (deps, now) => expireStalePreviews(deps.db, now),
    },
  ],
};

// Zip-bomb safety for other modules' uploaded workbooks (the class lists of enrolment).
export { unpackedSize } from './formats/unpacked-size';
// The worker pool builds other modules' files too (the Students export), off the event loop.
export { buildTableOffLoop } from './worker-pool';
