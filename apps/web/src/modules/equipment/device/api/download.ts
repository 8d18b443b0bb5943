import { ApiError, buildUrl, type Query } from '../../../../shared/api/client';
import { currentLanguage, translate } from '../../../../shared/i18n/i18n';
import { getAccessToken } from '../../../../shared/storage';

/** The file name of a Content-Disposition header (RFC 6266 filename* first), else `fallback`. */
export const fileNameOf = (disposition: string | null, fallback: string): string => {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Badly encoded: try the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || fallback;
};

const messageOf = async (res: Response): Promise<string> => {
  try {
    const body: unknown = await res.json();
    const message = typeof body === 'object' && body !== null ? Reflect.get(body, 'message') : undefined;
    return typeof message === 'string' ? message : '';
  } catch {
    return '';
  }
};

/** GETs a file (an Excel export) with the bearer token and saves it; rejects with the server's message. */
export const downloadFile = async (path: string, query: Query, fallbackName: string): Promise<void> => {
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { headers });
  } catch {
    throw new ApiError(0, 'network', translate('common:error.network'));
  }
  if (!res.ok) throw new ApiError(res.status, `http.${res.status}`, await messageOf(res));
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};
