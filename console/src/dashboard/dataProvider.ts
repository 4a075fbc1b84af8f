import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';
import { API_BASE_PATH } from '../api/http';
import { readToken } from '../auth/tokenStorage';

function httpClient(url: string, options: fetchUtils.Options = {}) {
  const token = readToken();
  return fetchUtils.fetchJson(
    url,
    token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options,
  );
}

/** The API speaks react-admin's simple REST dialect on its list routes (sort, range, filter, Content-Range). */
export const dataProvider = simpleRestProvider(API_BASE_PATH, httpClient);
