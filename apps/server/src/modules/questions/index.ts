// The questions module: authoring, the review workflow, versions, comments and My Questions' lists.
import type { ServerModule } from '../manifest';
import { questionsRoutes } from './routes';

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

export const questionsModule: ServerModule = { name: 'questions', routes: questionsRoutes };
