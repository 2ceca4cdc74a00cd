import axios from 'axios';
import { apiOrigin } from '../../../shared/api-base';

/**
 * The product's HTTP client (spec §9: no timeout, cookies sent). Spec §9's XSRF-TOKEN cookie is not
 * read: no server sets one. The session cookies are SameSite=Lax, so another site's form or script
 * never sends them with a write.
 */
export const api = axios.create({
  baseURL: typeof window === 'undefined' ? '' : apiOrigin(window.location, __LOCAL_API_ORIGIN__),
  withCredentials: true,
  timeout: 0,
});
