import type { SessionResponse } from '@qbank/contract';
import { api } from '../../../lib/http';

export const fetchSession = () => api.get<SessionResponse>('/api/v1/session', { quiet401: true });
