import { rosterExportQuery, rosterPage, rosterQuery } from '../roster';
import { productIdParams } from '../store';
import { endpoint } from './endpoint';

/** The Students screen's calls (SPEC §2 /roster, §6: instructors and admins of the product). */
export const rosterApi = {
  students: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/students',
    summary:
      "A page of the product's students with their figures: search by name or e-mail, filter by plan, status and inactivity, sort by any column",
    tags: ['roster'],
    access: 'user',
    params: productIdParams,
    query: rosterQuery,
    response: rosterPage,
  }),
  exportStudents: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/students/export',
    summary: 'Download the students the filters keep, with their figures, as CSV or XLSX',
    tags: ['roster'],
    access: 'user',
    params: productIdParams,
    query: rosterExportQuery,
  }),
};
