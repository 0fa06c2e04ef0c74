import { api } from '../../../lib/http';

/** The caller's test in progress; 404 when there is none (SPEC §7). */
export const fetchTestInProgress = () => api.get<{ uuid: string }>('/api/v2/tests/inprogress');
