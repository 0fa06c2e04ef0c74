// The catalogue module: a product's subject tree (subjects, categories, subcategories), read and edited.
import type { ServerModule } from '../manifest';
import { catalogueRoutes } from './routes';

export {
  insertCategory,
  insertSubcategory,
  insertSubject,
  lockProductTree,
  renumber,
  siblingIds,
  type TreeLevel,
} from './editing-repository';
export { categoriesOfProduct, subcategoriesOfProduct, subjectsOfProduct } from './repository';

export const catalogueModule: ServerModule = { name: 'catalogue', routes: catalogueRoutes };
