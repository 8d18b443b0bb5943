import { ApiError } from '../../shared/api/client';
import { currentLanguage, translate } from '../../shared/i18n/i18n';
import { getAccessToken } from '../../shared/storage';
import { downloadName, type NoticeAttachment, sameOrigin } from './noticeModel';

const messageOf = async (res: Response): Promise<string> => {
  try {
    const body: unknown = await res.json();
    const message = typeof body === 'object' && body !== null ? Reflect.get(body, 'message') : undefined;
    return typeof message === 'string' ? message : '';
  } catch {
    return '';
  }
};

/**
 * Downloads an attachment (spec 01 §7: a blob GET on fileUrl): fetched with the bearer token (only for this
 * server's own addresses), then saved under the attachment's file name through an object URL.
 * Rejects with an ApiError carrying the server's message.
 */
export const downloadAttachment = async (attachment: NoticeAttachment): Promise<void> => {
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  const token = getAccessToken();
  if (token && sameOrigin(attachment.fileUrl, window.location.origin)) {
    headers.set('Authorization', `Bearer ${token}`);
  }
  let res: Response;
  try {
    res = await fetch(attachment.fileUrl, { headers });
  } catch {
    throw new ApiError(0, 'network', translate('common:error.network'));
  }
  if (!res.ok) throw new ApiError(res.status, `http.${res.status}`, await messageOf(res));
  // Re-typed as plain bytes: the object URL is of the console's origin and must never open as markup.
  const blob = new Blob([await res.blob()], { type: 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(attachment);
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};
