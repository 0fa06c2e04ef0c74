// The questions module: authoring, the review workflow, versions, comments and My Questions' lists.
import type { ServerModule } from '../manifest';
import { ITEM_STATS_EVERY_MS, refreshItemStatistics } from './item-statistics';
import { questionsRoutes } from './routes';

export { refreshItemStatistics } from './item-statistics';
export {
  copyMedia,
  countMove,
  findHead,
  insertVersion,
  pointAt,
  productExists,
  type QuestionHead,
  readVersion,
  type ShownContent,
  shownContent,
  shownContentColumns,
  shownContentOf,
} from './repository';

export const questionsModule: ServerModule = {
  name: 'questions',
  routes: questionsRoutes,
  every: [
    {
      name: 'questions: recompute item statistics of questions answered since',
      everyMs: ITEM_STATS_EVERY_MS,
      run: (deps, now) => refreshItemStatistics(deps.db, now),
    },
  ],
};
