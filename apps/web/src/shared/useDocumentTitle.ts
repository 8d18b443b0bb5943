import { useEffect } from 'react';

/** Sets the browser tab's title while the calling screen is shown. */
export const useDocumentTitle = (title: string | undefined): void => {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
};
