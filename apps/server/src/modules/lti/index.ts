// The LTI module (docs/lti.md): QBank Cloud as an LTI 1.3 tool of course platforms. A bank's admins connect
// platforms; a launch from a course signs the person in to the bank, in the course's cohort.
import type { ServerModule } from '../manifest';
import { ltiScorePostJob, queueScores } from './grades';
import { rotateKeysIfDue } from './keys';
import { dropOldLogins, syncableCourses } from './repository';
import { ltiRosterSyncJob, queueSyncs } from './roster-sync';
import { ltiRoutes } from './routes';

const DAY_MS = 24 * 60 * 60 * 1000;

export const ltiModule: ServerModule = {
  name: 'lti',
  routes: ltiRoutes,
  jobs: [ltiRosterSyncJob, ltiScorePostJob],
  // A finished attempt at an assignment placed in a course: its score goes to the course's grade book.
  on: {
    'test.finished': async (deps, tx, t) => {
      await queueScores(deps, tx, t);
    },
  },
  // Logins and entry codes a day past their expiry are of no use to anyone.
  every: [
    {
      name: 'lti.dropOldLogins',
      everyMs: 60 * 60 * 1000,
      run: (deps, now) => dropOldLogins(deps.db, new Date(now.getTime() - DAY_MS)),
    },
    // The tool's signing key, rotated when it is KEY_LIFETIME_MS old (keys.ts).
    { name: 'lti.rotateKeys', everyMs: DAY_MS, run: (deps, now) => rotateKeysIfDue(deps.db, now) },
    // Every course with a member list, once a day (a course with a sync pending is not queued again).
    {
      name: 'lti.syncRosters',
      everyMs: DAY_MS,
      run: async (deps) => queueSyncs(deps, await syncableCourses(deps.db), null),
    },
  ],
};
