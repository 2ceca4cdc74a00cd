import axios from 'axios';
import { apiOrigin } from '../../../shared/api-base';

/** The product's HTTP client (spec §9: no timeout, XSRF cookie XSRF-TOKEN, cookies sent). */
export const api = axios.create({
  baseURL: typeof window === 'undefined' ? '' : apiOrigin(window.location, __LOCAL_API_ORIGIN__),
  withCredentials: true,
  timeout: 0,
  xsrfCookieName: 'XSRF-TOKEN',
});
